// Timing helpers. The machine is shared and noisy: every figure is a median of rounds taken
// after a warm-up, and two competitors are measured in alternating rounds so both see the same load.

/** Nanoseconds since an arbitrary origin. */
export function now(): number {
  return Number(process.hrtime.bigint());
}

/** The middle value (the mean of the two middle values for an even count). */
export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

/** The value below which `fraction` of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  if (sorted.length === 0) return Number.NaN;
  if (fraction === 0.5 && sorted.length % 2 === 0) {
    return ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
  }
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Median nanoseconds per call of `operation`, `iterations` calls a round, after one warm-up round. */
export function nanosPerCall(operation: () => void, iterations: number, rounds = 9): number {
  return alternating([operation], iterations, rounds)[0] ?? Number.NaN;
}

/**
 * Median nanoseconds per call of each operation, measured in alternating rounds (A, B, A, B...)
 * after a warm-up round of each.
 */
export function alternating(operations: readonly (() => void)[], iterations: number, rounds = 9): number[] {
  for (const operation of operations) for (let index = 0; index < iterations; index += 1) operation();
  const samples = operations.map(() => [] as number[]);
  for (let round = 0; round < rounds; round += 1) {
    operations.forEach((operation, position) => {
      const started = now();
      for (let index = 0; index < iterations; index += 1) operation();
      samples[position]?.push((now() - started) / iterations);
    });
  }
  return samples.map(median);
}

/** `812 ns`, `3.41 µs`, `12.6 ms`. */
export function formatNanos(nanos: number): string {
  if (nanos >= 1e6) return `${(nanos / 1e6).toFixed(1)} ms`;
  if (nanos >= 1e3) return `${(nanos / 1e3).toFixed(2)} µs`;
  return `${nanos.toFixed(0)} ns`;
}

/** `12.3 MB`. */
export function formatBytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Prints one result line: label, ratio, target and verdict (none when there is no target). */
export function report(label: string, figure: string, target?: { text: string; pass: boolean }): void {
  console.log(
    target === undefined
      ? `${label}: ${figure}`
      : `${label}: ${figure} (target ${target.text}) ${target.pass ? 'PASS' : 'FAIL'}`,
  );
}
