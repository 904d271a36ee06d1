import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDifference,
  formatMillis,
  formatNanos,
  median,
  medianRatio,
  paired,
  pairedAsync,
  percentile,
  sampleRoundsAsync,
  targetLine,
  timeRounds,
} from './bench.js';

// The timing helpers run on a fake clock here: what is pinned is the schedule and the arithmetic,
// never a speed.

/** A clock that moves only when an operation says so, and the operations that move it. */
function fakeTime() {
  let now = 0;
  const calls: string[] = [];
  const operation = (name: string, cost: () => number) => () => {
    calls.push(name);
    now += cost();
  };
  return { clock: () => now, calls, operation };
}

describe('median, percentile, medianRatio', () => {
  it('takes the middle value, the mean of the two middle ones for an even count, NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes percentiles by nearest rank', () => {
    const samples = Array.from({ length: 10 }, (_, index) => 10 - index);
    expect(percentile(samples, 0.1)).toBe(1);
    expect(percentile(samples, 0.99)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('pairs the ratios round by round, not the medians of each side', () => {
    // Each round is slow or fast for both sides alike; the per-round ratio is always 2.
    expect(medianRatio([2, 20, 200], [1, 10, 100])).toBe(2);
    expect(medianRatio([2, 20, 300], [1, 10, 100])).toBe(2);
  });
});

describe('timeRounds and paired', () => {
  it('warms up unrecorded, then reverses the order every other round, one sample per round each', () => {
    const time = fakeTime();
    const samples = timeRounds([time.operation('a', () => 10), time.operation('b', () => 30)], {
      iterations: 2,
      rounds: 3,
      warmupRounds: 1,
      clock: time.clock,
    });
    expect(time.calls.join('')).toBe('bbaa' + 'aabb' + 'bbaa' + 'aabb');
    expect(samples).toEqual([
      [10, 10, 10],
      [30, 30, 30],
    ]);
  });

  it('gives per-side medians and the median per-round ratio subject / baseline', () => {
    const time = fakeTime();
    // The machine's speed drifts from round to round; the subject always costs twice the baseline.
    const drift = [1, 5, 1, 9, 1];
    let calls = 0;
    const costing = (nanos: number) =>
      time.operation('', () => nanos * (drift[Math.floor(calls++ / 2)] ?? Number.NaN));
    const result = paired(costing(20), costing(10), {
      iterations: 1,
      rounds: 5,
      warmupRounds: 0,
      clock: time.clock,
    });
    expect(result).toEqual({ subject: 20, baseline: 10, ratio: 2 });
  });

  it('awaits each call of an asynchronous operation, one at a time', async () => {
    let running = 0;
    let most = 0;
    const operation = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };
    const result = await pairedAsync(operation, operation, { iterations: 3, rounds: 3 });
    expect(most).toBe(1);
    expect(result.ratio).toBeGreaterThan(0);
  });

  it('leaves what a sampler does around its own timing to it, and pairs its figures by round', async () => {
    const order: number[] = [];
    const samples = await sampleRoundsAsync(3, { rounds: 3, warmupRounds: 1 }, async (position) => {
      order.push(position);
      return position * 100 + order.length;
    });
    expect(order).toEqual([2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2]);
    expect(samples).toEqual([
      [4, 9, 10],
      [105, 108, 111],
      [206, 207, 212],
    ]);
  });
});

describe('formatting', () => {
  it('prints three significant figures in a unit chosen by size, negatives alike', () => {
    expect(formatNanos(812.4)).toBe('812 ns');
    expect(formatNanos(3_412)).toBe('3.41 µs');
    expect(formatNanos(34_560)).toBe('34.6 µs');
    expect(formatNanos(345_600)).toBe('346 µs');
    expect(formatNanos(12_600_000)).toBe('12.6 ms');
    expect(formatNanos(2_000_000)).toBe('2 ms');
    expect(formatNanos(-91_900)).toBe('-91.9 µs');
    expect(formatNanos(16_412_900_000)).toBe('16.4 s');
    expect(formatMillis(0.8123)).toBe('812 µs');
    expect(formatMillis(583.1)).toBe('583 ms');
  });

  it('signs a difference either way', () => {
    expect(formatDifference(1_900)).toBe('+1.9 µs');
    expect(formatDifference(-91_900)).toBe('-91.9 µs');
  });

  it('prints bytes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(4 * 1024)).toBe('4 KiB');
    expect(formatBytes(16 * 1024 * 1024)).toBe('16 MiB');
    expect(formatBytes(3.9 * 1024 * 1024)).toBe('3.9 MiB');
  });

  it('reports a figure with its target and PASS, or FAIL', () => {
    expect(targetLine('x: 1.08x', '<= 1.15x', true)).toBe('x: 1.08x (target <= 1.15x) PASS');
    expect(targetLine('x: 1.2x', '<= 1.15x', false)).toBe('x: 1.2x (target <= 1.15x) FAIL');
  });
});
