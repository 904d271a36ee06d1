// The few statistics a bench reports: medians and percentiles of samples, and the median of
// per-round ratios.

function ascending(samples: readonly number[]): number[] {
  return [...samples].sort((left, right) => left - right);
}

/** The middle value (the mean of the two middle values for an even count); NaN for none. */
export function median(samples: readonly number[]): number {
  const sorted = ascending(samples);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value below which `fraction` of the samples fall, by nearest rank (p99: 0.99); NaN for none. */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = ascending(samples);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The median over rounds of `numerator[round] / denominator[round]` (samples of one round pair up). */
export function medianRatio(numerator: readonly number[], denominator: readonly number[]): number {
  return median(numerator.map((value, round) => value / (denominator[round] ?? Number.NaN)));
}
