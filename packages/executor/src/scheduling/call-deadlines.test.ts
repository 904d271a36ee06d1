import { describe, expect, it } from 'vitest';
import { CallDeadlines } from './call-deadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CallDeadlines (real timers)', () => {
  it('expires a deadline after its time, never before, and a cancelled one never', async () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    const started = performance.now();
    const times: Record<string, number> = {};
    deadlines.start(40, () => {
      expired.push('a');
      times.a = performance.now() - started;
    });
    const cancelled = deadlines.start(20, () => expired.push('cancelled'));
    deadlines.cancel(cancelled);
    await sleep(80);
    expect(expired).toEqual(['a']);
    expect(times.a).toBeGreaterThanOrEqual(40);
  });

  it('expires each of several deadlines at its own time, earliest first, whatever the order they started in', async () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(60, () => expired.push('late'));
    deadlines.start(15, () => expired.push('early'));
    await sleep(35);
    expect(expired).toEqual(['early']);
    await sleep(60);
    expect(expired).toEqual(['early', 'late']);
  });

  it('times a call started after the earlier ones ended from its own start', async () => {
    const deadlines = new CallDeadlines();
    const first = deadlines.start(30, () => undefined);
    deadlines.cancel(first);
    await sleep(20);
    const expired: number[] = [];
    const started = performance.now();
    deadlines.start(30, () => expired.push(performance.now() - started));
    await sleep(70);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toBeGreaterThanOrEqual(30);
  });

  it('arms the next deadline started by an expiry', async () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(10, () => {
      expired.push('first');
      deadlines.start(10, () => expired.push('second'));
    });
    await sleep(60);
    expect(expired).toEqual(['first', 'second']);
  });
});
