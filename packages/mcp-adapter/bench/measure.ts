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
 * CPU milliseconds per call of each operation, one sample per round: in every round each
 * operation runs a block of `calls` sequential calls, the block order alternating (A B, B A,
 * ...), so that both see the same background load and the samples of one round pair up (see
 * {@link medianRatio}). CPU time is what an in-process path costs; unlike wall time it does not
 * count the time other processes on a busy machine held the cores. `warmupRounds` unrecorded
 * rounds first (JIT, caches).
 */
export async function cpuPerCall(
  operations: ReadonlyArray<() => Promise<unknown>>,
  calls: number,
  rounds: number,
  warmupRounds = 1,
): Promise<number[][]> {
  const samples = operations.map(() => [] as number[]);
  for (let round = 1 - warmupRounds; round <= rounds; round += 1) {
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

/**
 * The median over rounds of `numerator[round] / denominator[round]`: each round's two samples
 * were taken back to back, so a slow phase of the machine (another process, a GC-heavy stretch)
 * moves both and cancels out of the ratio, where a ratio of two medians would let it through.
 */
export function medianRatio(numerator: readonly number[], denominator: readonly number[]): number {
  const ratios: number[] = [];
  for (let round = 0; round < Math.min(numerator.length, denominator.length); round += 1) {
    ratios.push((numerator[round] ?? Number.NaN) / (denominator[round] ?? Number.NaN));
  }
  return median(ratios);
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
