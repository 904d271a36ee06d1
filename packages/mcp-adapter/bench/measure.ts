// Timing helpers for asynchronous operations. The machine is shared and noisy: every figure is a
// median of rounds taken after a warm-up, and competitors run in alternating rounds (A, B, A, B)
// so that both see the same background load.

/** Milliseconds since an arbitrary origin, with sub-millisecond precision. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The middle value (the mean of the two middle values for an even count). */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? Number.NaN);
}

/** The value below which `fraction` of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * Wall milliseconds of every single call of each operation, the operations interleaved call
 * by call and their order swapped every round; one warm-up round first.
 */
export async function perCallWall(
  operations: ReadonlyArray<() => Promise<unknown>>,
  calls: number,
  rounds: number,
): Promise<number[][]> {
  const samples = operations.map(() => [] as number[]);
  for (let round = 0; round <= rounds; round += 1) {
    const order = round % 2 === 0 ? [...operations.keys()] : [...operations.keys()].reverse();
    for (let index = 0; index < calls; index += 1) {
      for (const position of order) {
        const started = nowMs();
        await operations[position]!();
        if (round > 0) samples[position]?.push(nowMs() - started);
      }
    }
  }
  return samples;
}

/** Milliseconds of CPU this process has used (user + system). */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * Median CPU milliseconds per call of each operation, in blocks of `calls` sequential calls,
 * the block order alternating every round (A B, B A, ...). CPU time is what an in-process
 * path costs; unlike wall time it does not count the time other processes on a busy machine
 * held the cores. One warm-up round first.
 */
export async function cpuPerCall(
  operations: ReadonlyArray<() => Promise<unknown>>,
  calls: number,
  rounds: number,
): Promise<number[][]> {
  const samples = operations.map(() => [] as number[]);
  for (let round = 0; round <= rounds; round += 1) {
    const order = round % 2 === 0 ? [...operations.keys()] : [...operations.keys()].reverse();
    for (const position of order) {
      const operation = operations[position]!;
      const started = cpuMs();
      for (let index = 0; index < calls; index += 1) await operation();
      if (round > 0) samples[position]?.push((cpuMs() - started) / calls);
    }
  }
  return samples;
}

/** `812 µs`, `12.6 ms`. */
export function formatMs(milliseconds: number): string {
  return milliseconds >= 1 ? `${milliseconds.toFixed(1)} ms` : `${(milliseconds * 1000).toFixed(0)} µs`;
}

/** Prints one result line: label, figure, target and verdict (none when there is no target). */
export function report(label: string, figure: string, target?: { text: string; pass: boolean }): void {
  const verdict = target === undefined ? '' : ` (target ${target.text}) ${target.pass ? 'PASS' : 'FAIL'}`;
  console.log(`${label}: ${figure}${verdict}`);
}
