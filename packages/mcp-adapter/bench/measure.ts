// The latency of a call over a real transport (stdio, HTTP), this package's own figure: the server
// is another process, so wall time is measured per call, the two kinds of call interleaved one by
// one, and compared at their 10th percentiles: a call's own latency, where the median also
// counts the time other processes held the cores.
import { formatNanos, median, percentile, timeRoundsAsync } from '@toolwright/test-support/bench';

const CALLS = 1_200;

/** `subject`'s 10th-percentile latency over `baseline`'s, and the figures behind it, for the report line. */
export async function callLatency(
  subject: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
): Promise<{ ratio: number; detail: string }> {
  const [subjectNanos = [], baselineNanos = []] = await timeRoundsAsync([subject, baseline], {
    iterations: 1,
    rounds: CALLS,
    warmupRounds: 40,
  });
  const fast = (samples: readonly number[]) => percentile(samples, 0.1);
  return {
    ratio: fast(subjectNanos) / fast(baselineNanos),
    detail: `10th-percentile wall time of ${CALLS.toLocaleString('en-US')} calls each: ${formatNanos(fast(subjectNanos))} vs ${formatNanos(fast(baselineNanos))}; medians ${formatNanos(median(subjectNanos))} vs ${formatNanos(median(baselineNanos))}`,
  };
}
