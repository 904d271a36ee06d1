import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type RefreshKind, RefreshScheduler } from './refresh-scheduler.js';

describe('RefreshScheduler', () => {
  it('debounces a burst into one refresh with the coalesced kinds', async () => {
    const runs: RefreshKind[][] = [];
    const scheduler = new RefreshScheduler({
      debounceMs: 40,
      run: async (kinds) => {
        runs.push([...kinds].sort());
      },
      onError: (error) => {
        throw error;
      },
    });
    for (let index = 0; index < 50; index += 1) scheduler.request(index % 2 === 0 ? 'tools' : 'prompts');
    await scheduler.settled();
    expect(runs).toEqual([['prompts', 'tools']]);
  });

  it('runs one refresh at a time and collapses requests made meanwhile into one trailing refresh', async () => {
    let active = 0;
    let maxActive = 0;
    const runs: number[] = [];
    const scheduler = new RefreshScheduler({
      debounceMs: 10,
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        runs.push(Date.now());
        await sleep(60);
        active -= 1;
      },
      onError: () => undefined,
    });
    scheduler.request('tools');
    await sleep(30);
    for (let index = 0; index < 20; index += 1) scheduler.request('tools');
    await scheduler.settled();
    expect(maxActive).toBe(1);
    expect(runs).toHaveLength(2);
  });

  it('reports a failed refresh and keeps serving later requests', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const scheduler = new RefreshScheduler({
      debounceMs: 5,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('listing failed');
      },
      onError: (error) => errors.push(error),
    });
    scheduler.request('tools');
    await scheduler.settled();
    scheduler.request('tools');
    await scheduler.settled();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
