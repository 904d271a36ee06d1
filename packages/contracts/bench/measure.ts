// Timing helpers: warm up, then take the median of several rounds so that a noisy shared
// machine does not decide the result.

/** Median nanoseconds per operation of `operation`, run `iterations` times a round. */
export function medianNanosPerOperation(operation: () => void, iterations: number, rounds = 9): number {
  for (let index = 0; index < iterations; index++) {
    operation();
  }
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < iterations; index++) {
      operation();
    }
    samples.push(Number(process.hrtime.bigint() - start) / iterations);
  }
  return median(samples);
}

/**
 * Times two operations in adjacent pairs of short rounds (A then B, then B then A, ...) so that
 * both see the same machine load, and returns the median time of each and the median of the
 * per-pair ratios — on a shared, noisy machine the paired ratio is the stable figure.
 */
export function pairedMedians(
  first: () => void,
  second: () => void,
  iterations: number,
  rounds = 41,
): { first: number; second: number; ratio: number } {
  for (let index = 0; index < iterations * 3; index++) {
    first();
    second();
  }
  const firstSamples: number[] = [];
  const secondSamples: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let firstNanos: number;
    let secondNanos: number;
    if (round % 2 === 0) {
      firstNanos = timeRound(first, iterations);
      secondNanos = timeRound(second, iterations);
    } else {
      secondNanos = timeRound(second, iterations);
      firstNanos = timeRound(first, iterations);
    }
    firstSamples.push(firstNanos);
    secondSamples.push(secondNanos);
    ratios.push(firstNanos / secondNanos);
  }
  return { first: median(firstSamples), second: median(secondSamples), ratio: median(ratios) };
}

function timeRound(operation: () => void, iterations: number): number {
  const start = process.hrtime.bigint();
  for (let index = 0; index < iterations; index++) {
    operation();
  }
  return Number(process.hrtime.bigint() - start) / iterations;
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `1.23 µs`, `456 ns`, `7.8 ms`: a duration in nanoseconds for a human. */
export function formatNanos(nanos: number): string {
  if (nanos >= 1e6) {
    return `${(nanos / 1e6).toFixed(1)} ms`;
  }
  if (nanos >= 1e3) {
    return `${(nanos / 1e3).toFixed(2)} µs`;
  }
  return `${nanos.toFixed(0)} ns`;
}

/**
 * One result line: the figure as a ratio with its target and PASS or FAIL, or, for a figure that
 * has no target (context, reported values), with a note in its place.
 */
export function report(
  label: string,
  ratioText: string,
  targetOrNote: string,
  pass: boolean | undefined,
): void {
  const suffix =
    pass === undefined ? `(${targetOrNote})` : `(target ${targetOrNote}) ${pass ? 'PASS' : 'FAIL'}`;
  console.log(`${label}: ${ratioText} ${suffix}`);
}
