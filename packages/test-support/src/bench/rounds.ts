// Alternating rounds: every operation timed once a round, in blocks of calls, after a warm-up,
// the order reversed every other round so that none always gets the quieter moment.
import { type Clock, wallNanos } from './clocks.js';
import { median, medianRatio } from './statistics.js';

/** How many rounds run. */
export interface Schedule {
  /**
   * Recorded rounds, 21 by default. Keep it odd: the median is then one round's own ratio, and
   * `1 / ratio` exactly the median of the inverse ratios (a speed-up read the other way round).
   */
  readonly rounds?: number;
  /** Unrecorded rounds first, for the JIT and caches; 1 by default. */
  readonly warmupRounds?: number;
}

/** How each block of calls is timed. */
export interface Timing extends Schedule {
  /** Calls of an operation in one timed block; a sample is the block's time divided by this. */
  readonly iterations: number;
  /** `wallNanos` by default. */
  readonly clock?: Clock;
}

/**
 * The blocks of a run in order: each round times every operation once, the order reversed every
 * other round. `round` is negative in the warm-up.
 */
function blocks(count: number, schedule: Schedule): Array<{ position: number; round: number }> {
  const { rounds = 21, warmupRounds = 1 } = schedule;
  const order = [...Array(count).keys()];
  const planned: Array<{ position: number; round: number }> = [];
  for (let round = -warmupRounds; round < rounds; round += 1) {
    for (const position of round % 2 === 0 ? order : order.toReversed()) planned.push({ position, round });
  }
  return planned;
}

/** Each operation's recorded samples in round order, so that `result[a][r]` and `result[b][r]` pair up. */
function byOperation(
  count: number,
  planned: ReadonlyArray<{ position: number; round: number }>,
  samples: readonly number[],
): number[][] {
  const grouped = Array.from({ length: count }, () => [] as number[]);
  planned.forEach(({ position, round }, index) => {
    if (round >= 0) grouped[position]!.push(samples[index]!);
  });
  return grouped;
}

/** Nanoseconds on `clock` per call of `operation`, called `iterations` times. */
export function timeBlock(operation: () => unknown, iterations: number, clock: Clock = wallNanos): number {
  const started = clock();
  for (let index = 0; index < iterations; index += 1) operation();
  return (clock() - started) / iterations;
}

/**
 * {@link timeBlock}, awaiting each call. Kept apart on purpose: a synchronous operation of a few
 * nanoseconds must not pay an `await` per call.
 */
export async function timeBlockAsync(
  operation: () => unknown,
  iterations: number,
  clock: Clock = wallNanos,
): Promise<number> {
  const started = clock();
  for (let index = 0; index < iterations; index += 1) await operation();
  return (clock() - started) / iterations;
}

/**
 * Samples of `count` operations in alternating rounds, for a bench whose blocks need more than a
 * timing: `sample(position)` runs one block of operation `position` (preparing and cleaning up
 * outside its own timing, with {@link timeBlockAsync}) and returns its figure. One block at a
 * time, never two at once.
 */
export async function sampleRoundsAsync(
  count: number,
  schedule: Schedule,
  sample: (position: number) => Promise<number>,
): Promise<number[][]> {
  const planned = blocks(count, schedule);
  const samples: number[] = [];
  for (const { position } of planned) samples.push(await sample(position));
  return byOperation(count, planned, samples);
}

/** Nanoseconds per call of each operation, one sample per round, in alternating rounds. */
export function timeRounds(operations: ReadonlyArray<() => unknown>, timing: Timing): number[][] {
  const planned = blocks(operations.length, timing);
  const samples = planned.map(({ position }) =>
    timeBlock(operations[position]!, timing.iterations, timing.clock),
  );
  return byOperation(operations.length, planned, samples);
}

/** {@link timeRounds} for operations that return promises. */
export function timeRoundsAsync(
  operations: ReadonlyArray<() => unknown>,
  timing: Timing,
): Promise<number[][]> {
  return sampleRoundsAsync(operations.length, timing, (position) =>
    timeBlockAsync(operations[position]!, timing.iterations, timing.clock),
  );
}

/** A subject timed against a baseline. */
export interface Paired {
  /** Median nanoseconds per call of the subject. */
  subject: number;
  /** Median nanoseconds per call of the baseline. */
  baseline: number;
  /** The median per-round ratio subject / baseline: the figure to judge. */
  ratio: number;
}

function pairedFrom([subject = [], baseline = []]: number[][]): Paired {
  return { subject: median(subject), baseline: median(baseline), ratio: medianRatio(subject, baseline) };
}

/** Times `subject` against `baseline` in alternating rounds. */
export function paired(subject: () => unknown, baseline: () => unknown, timing: Timing): Paired {
  return pairedFrom(timeRounds([subject, baseline], timing));
}

/** {@link paired} for operations that return promises. */
export async function pairedAsync(
  subject: () => unknown,
  baseline: () => unknown,
  timing: Timing,
): Promise<Paired> {
  return pairedFrom(await timeRoundsAsync([subject, baseline], timing));
}

/** Median nanoseconds per call of one operation, over rounds after a warm-up. */
export function nanosPerCall(operation: () => unknown, timing: Timing): number {
  return median(timeRounds([operation], timing)[0] ?? []);
}
