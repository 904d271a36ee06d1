// The artifacts bench's own contenders: several at once, each with work before and after its
// timed block (a fresh batch of inputs, a directory to create or remove) that must stay out of
// the timing. Rounds, clocks and medians are the shared ones (@toolwright/test-support/bench).
import {
  type Clock,
  median,
  medianRatio,
  sampleRoundsAsync,
  timeBlockAsync,
  wallNanos,
} from '@toolwright/test-support/bench';

/** One contender: `prepare` runs outside the timing, `run` is timed for `operations` calls. */
export interface Contender {
  name: string;
  prepare(): void | Promise<void>;
  run(index: number): void | Promise<void>;
  cleanup(): void | Promise<void>;
}

/** Per-contender medians, and the median of per-round ratios against the first contender. */
export interface Measurement {
  /** Median nanoseconds per operation, by contender name. */
  nanos: Map<string, number>;
  /** Median over rounds of (first contender's time / this contender's time): speed relative to the first. */
  speedRatio: Map<string, number>;
}

/**
 * Times contenders in alternating rounds after one warm-up round. `wallNanos` for work bound by
 * the disk (fsync), `cpuNanos` for work bound by the CPU (reading cached pages and hashing).
 */
export async function measure(
  contenders: readonly Contender[],
  rounds: number,
  operations: number,
  clock: Clock = wallNanos,
): Promise<Measurement> {
  const samples = await sampleRoundsAsync(contenders.length, { rounds }, async (position) => {
    const contender = contenders[position]!;
    await contender.prepare();
    let index = 0;
    const nanos = await timeBlockAsync(() => contender.run(index++), operations, clock);
    await contender.cleanup();
    return nanos;
  });
  const reference = samples[0] ?? [];
  return {
    nanos: new Map(contenders.map(({ name }, position) => [name, median(samples[position] ?? [])])),
    speedRatio: new Map(
      contenders.map(({ name }, position) => [name, medianRatio(reference, samples[position] ?? [])]),
    ),
  };
}
