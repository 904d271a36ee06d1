import { describe, expect, it } from 'vitest';
import { PendingInvocations } from './pending-invocations.js';
import { memoryReadTool } from './test-support/fixture-tools.js';

describe('PendingInvocations', () => {
  const { tool } = memoryReadTool({});

  it('hands back the invocation built for exactly this params object, once', () => {
    const pending = new PendingInvocations();
    const invocation = tool.build({ file_path: 'a' });
    pending.remember(invocation);
    expect(pending.take({ file_path: 'a' })).toBeUndefined(); // an equal object is not the same call
    expect(pending.take(invocation.params)).toBe(invocation);
    expect(pending.take(invocation.params)).toBeUndefined();
    expect(pending.take('a string')).toBeUndefined();
  });

  it('forgets the oldest once 64 calls wait (a forgotten call is built again)', () => {
    const pending = new PendingInvocations();
    const invocations = Array.from({ length: 65 }, (_, index) => tool.build({ file_path: `f${index}` }));
    for (const invocation of invocations) pending.remember(invocation);
    expect(pending.take(invocations[0]?.params)).toBeUndefined();
    expect(pending.take(invocations[1]?.params)).toBe(invocations[1]);
    expect(pending.take(invocations[64]?.params)).toBe(invocations[64]);
  });
});
