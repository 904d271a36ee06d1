import { performance } from 'node:perf_hooks';

/** One contender: `prepare` runs outside the timing, `run` is timed for `operations` calls. */
export interface Contender {
  name: string;
  prepare(round: number): void | Promise<void>;
  run(index: number): void | Promise<void>;
  cleanup(): void | Promise<void>;
}

/**
 * Times contenders in interleaved rounds (so background load hits every contender alike), after
 * one warm-up round, and returns the median microseconds per operation of each.
 */
export async function medianMicrosecondsPerOperation(
  contenders: readonly Contender[],
  rounds: number,
  operations: number,
): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]));
  for (let round = -1; round < rounds; round++) {
    // Alternate the order each round: whoever runs first must not always get the coolest disk.
    const ordered = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of ordered) {
      await contender.prepare(round);
      const started = performance.now();
      for (let index = 0; index < operations; index++) await contender.run(index);
      const elapsed = performance.now() - started;
      await contender.cleanup();
      if (round >= 0) samples.get(contender.name)?.push((elapsed * 1000) / operations);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

function median(values: number[]): number {
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
