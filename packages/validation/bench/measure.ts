// Timing helpers for the benchmark. The machine is shared and noisy, so every comparison runs
// both sides in alternating short rounds and reports the median of the per-round ratios.

/** Median of a list of samples. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function nanosPerCall(operation: () => void, calls: number): number {
  const started = process.hrtime.bigint();
  for (let call = 0; call < calls; call++) operation();
  return Number(process.hrtime.bigint() - started) / calls;
}

/** Result of {@link compare}: median ns/op of each side and the median of `peer / ours`. */
export interface Comparison {
  ours: number;
  peer: number;
  /** How many times faster ours is than the peer (above 1 means faster). */
  speedup: number;
}

/**
 * Times `ours` against `peer`: a warm-up so both are optimised, then `rounds` pairs of rounds of
 * `calls` calls, alternating which side goes first so both see the same load.
 */
export function compare(ours: () => void, peer: () => void, calls: number, rounds = 61): Comparison {
  for (let warmup = 0; warmup < calls * 5; warmup++) {
    ours();
    peer();
  }
  const oursSamples: number[] = [];
  const peerSamples: number[] = [];
  const speedups: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let oursNanos: number;
    let peerNanos: number;
    if (round % 2 === 0) {
      oursNanos = nanosPerCall(ours, calls);
      peerNanos = nanosPerCall(peer, calls);
    } else {
      peerNanos = nanosPerCall(peer, calls);
      oursNanos = nanosPerCall(ours, calls);
    }
    oursSamples.push(oursNanos);
    peerSamples.push(peerNanos);
    speedups.push(peerNanos / oursNanos);
  }
  return { ours: median(oursSamples), peer: median(peerSamples), speedup: median(speedups) };
}

/** `812 ns`, `3.41 µs`, `12.3 ms`. */
export function formatNanos(nanos: number): string {
  if (nanos >= 1e6) return `${(nanos / 1e6).toFixed(1)} ms`;
  if (nanos >= 1e3) return `${(nanos / 1e3).toFixed(2)} µs`;
  return `${nanos.toFixed(0)} ns`;
}

/** `3.2 MiB`. */
export function formatBytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** One printed line: the figure, the target beside it and PASS/FAIL. */
export function line(
  label: string,
  figure: string,
  target: string | undefined,
  pass: boolean | undefined,
): string {
  const verdict = pass === undefined ? '' : pass ? ' PASS' : ' FAIL';
  return `${label}: ${figure}${target === undefined ? '' : ` (target ${target})`}${verdict}`;
}
