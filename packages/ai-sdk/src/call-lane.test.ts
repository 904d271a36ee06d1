import { describe, expect, it } from 'vitest';
import { CallLane } from './call-lane.js';

/** A task that records its start and end around a pause. */
function recorded(log: string[], name: string, ms: number) {
  return async () => {
    log.push(`${name}:start`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`${name}:end`);
    return name;
  };
}

describe('CallLane', () => {
  it('runs shared calls side by side', async () => {
    const lane = new CallLane();
    const log: string[] = [];
    await Promise.all([
      lane.run('shared', recorded(log, 'a', 20)),
      lane.run('shared', recorded(log, 'b', 5)),
    ]);
    expect(log).toEqual(['a:start', 'b:start', 'b:end', 'a:end']);
  });

  it('makes an exclusive call a barrier: after everything before it, before everything after it', async () => {
    const lane = new CallLane();
    const log: string[] = [];
    const results = await Promise.all([
      lane.run('shared', recorded(log, 'read1', 20)),
      lane.run('exclusive', recorded(log, 'write', 5)),
      lane.run('shared', recorded(log, 'read2', 5)),
      lane.run('exclusive', recorded(log, 'edit', 5)),
    ]);
    expect(results).toEqual(['read1', 'write', 'read2', 'edit']);
    expect(log).toEqual([
      'read1:start',
      'read1:end',
      'write:start',
      'write:end',
      'read2:start',
      'read2:end',
      'edit:start',
      'edit:end',
    ]);
  });

  it('keeps going after a call fails, and hands the failure to its caller only', async () => {
    const lane = new CallLane();
    const failing = lane.run('exclusive', async () => {
      throw new Error('boom');
    });
    const next = lane.run('exclusive', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
