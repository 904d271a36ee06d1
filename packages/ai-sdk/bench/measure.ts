// Timing helpers: warm up, alternate the two sides round by round so both see the same machine
// load, and report medians of per-round ratios (these machines are noisy; a ratio is the result).

/** The median of a list of numbers. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function timeRound(operation: () => Promise<unknown>, iterations: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let index = 0; index < iterations; index += 1) await operation();
  return Number(process.hrtime.bigint() - start) / iterations;
}

/** Times `subject` and `baseline` in alternating rounds: medians (ns per operation) and the median per-round ratio. */
export async function pairedAsync(
  subject: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  iterations: number,
  rounds = 21,
): Promise<{ subject: number; baseline: number; ratio: number }> {
  for (let index = 0; index < iterations; index += 1) {
    await subject();
    await baseline();
  }
  const subjects: number[] = [];
  const baselines: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const subjectFirst = round % 2 === 0;
    const first = await timeRound(subjectFirst ? subject : baseline, iterations);
    const second = await timeRound(subjectFirst ? baseline : subject, iterations);
    const [subjectNanos, baselineNanos] = subjectFirst ? [first, second] : [second, first];
    subjects.push(subjectNanos);
    baselines.push(baselineNanos);
    ratios.push(subjectNanos / baselineNanos);
  }
  return { subject: median(subjects), baseline: median(baselines), ratio: median(ratios) };
}

/** `1.2 ms`, `34.5 µs`: nanoseconds for a human. */
export function formatNanos(nanos: number): string {
  const size = Math.abs(nanos);
  if (size >= 1e6) return `${(nanos / 1e6).toFixed(1)} ms`;
  if (size >= 1e3) return `${(nanos / 1e3).toFixed(1)} µs`;
  return `${nanos.toFixed(0)} ns`;
}

/** `+12.3 µs`, `-0.4 ms`: a difference, signed. */
export function formatDifference(nanos: number): string {
  return `${nanos >= 0 ? '+' : ''}${formatNanos(nanos)}`;
}

/** Prints one figure with its target and a PASS/MISS verdict. */
export function report(line: string, target: string, pass: boolean): void {
  console.log(`${line} (target ${target}) ${pass ? 'PASS' : 'MISS'}`);
}
