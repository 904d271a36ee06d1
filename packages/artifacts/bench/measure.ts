import { performance } from 'node:perf_hooks';

/** One contender: `prepare` runs outside the timing, `run` is timed for `operations` calls. */
export interface Contender {
  name: string;
  prepare(round: number): void | Promise<void>;
  run(index: number): void | Promise<void>;
  cleanup(): void | Promise<void>;
}

/**
 * `wall`: elapsed time, for work bound by the disk (fsync). `cpu`: this process's user + system
 * CPU time, for work bound by the CPU (reading cached pages and hashing): on a shared, loaded
 * host, wall time mostly measures how often the scheduler ran someone else.
 */
export type Clock = 'wall' | 'cpu';

/** Milliseconds on the given clock. */
function now(clock: Clock): number {
  if (clock === 'wall') return performance.now();
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Per-contender medians, and the median of per-round ratios against the first contender. */
export interface Measurement {
  /** Median microseconds per operation, by contender name. */
  microseconds: Map<string, number>;
  /** Median over rounds of (first contender's time / this contender's time): speed relative to the first. */
  speedRatio: Map<string, number>;
}

/**
 * Times contenders in interleaved rounds after one warm-up round. The machine's disk and CPU are
 * shared and their load drifts over seconds, so ratios are taken per round (contenders measured
 * back to back) and the median of those is reported: drift cancels out within a round.
 */
export async function measure(
  contenders: readonly Contender[],
  rounds: number,
  operations: number,
  clock: Clock = 'wall',
): Promise<Measurement> {
  const samples = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]));
  for (let round = -1; round < rounds; round++) {
    // Alternate the order each round: whoever runs first must not always get the quieter moment.
    const ordered = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of ordered) {
      await contender.prepare(round);
      const started = now(clock);
      for (let index = 0; index < operations; index++) await contender.run(index);
      const elapsed = now(clock) - started;
      await contender.cleanup();
      if (round >= 0) samples.get(contender.name)?.push((elapsed * 1000) / operations);
    }
  }
  const reference = samples.get(contenders[0]?.name ?? '') ?? [];
  const microseconds = new Map([...samples].map(([name, values]) => [name, median(values)]));
  const speedRatio = new Map(
    [...samples].map(([name, values]) => [
      name,
      median(values.map((value, round) => (reference[round] ?? 0) / value)),
    ]),
  );
  return { microseconds, speedRatio };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `4096` -> `4 KiB`. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
}

/** Formats a result line: ratio, target and verdict, with the raw timings for context. */
export function ratioLine(label: string, ratio: number, target: number | undefined, detail: string): string {
  const verdict = target === undefined ? '' : ` (target >= ${target}x) ${ratio >= target ? 'PASS' : 'FAIL'}`;
  return `${label}: ${ratio.toFixed(2)}x${verdict} — ${detail}`;
}
