import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolKind } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalHandler } from '../executed-call.js';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { playStream, type ScriptedStreamStep, streamedCall } from '../test-support/stream-events.js';
import { eventsOf, millisOf, tracedExecutor } from '../test-support/telemetry-executor.js';
import { registerTestTelemetry, type TestTelemetry } from '../test-support/telemetry-sdk.js';
import { RunLog, timedTool } from '../test-support/tools.js';

let telemetry: TestTelemetry;
beforeEach(() => {
  telemetry = registerTestTelemetry();
});
afterEach(() => telemetry.shutdown());

function isChildOf(child: ReadableSpan, parent: ReadableSpan): boolean {
  return (
    child.parentSpanContext?.spanId === parent.spanContext().spanId &&
    child.spanContext().traceId === parent.spanContext().traceId
  );
}

/** A Write that asks (an ask rule), settled by `approve`. */
async function askedWrite(approve: ApprovalHandler | undefined) {
  const root = makeTempDir('executor-telemetry');
  const write = timedTool({ name: 'Write', log: new RunLog(), durationMs: 0, kind: ToolKind.Write });
  const executor = tracedExecutor([write], {
    workspaceRoot: root,
    permissions: new PermissionPolicy({ workspaceRoot: root, ask: ['Write'] }),
    ...(approve === undefined ? {} : { approve }),
  });
  const [executed] = await executor.executeBatch([
    { id: 'w1', name: 'Write', arguments: { label: 'a', path: join(root, 'a.txt') } },
  ]);
  return { executed, span: telemetry.span('execute_tool Write') };
}

describe('waiting for an approval', () => {
  it('is a child span of the call for as long as the handler takes; spans the handler makes are its own', async () => {
    const { executed, span } = await askedWrite(async () => {
      await trace.getTracer('host').startActiveSpan('ask the user', async (prompt) => {
        await sleep(30);
        prompt.end();
      });
      return true;
    });
    expect(executed?.status).toBe('success');
    const wait = telemetry.span('toolwright.approval.wait');
    expect(isChildOf(wait, span)).toBe(true);
    expect(wait.attributes).toEqual({ 'toolwright.approval.outcome': 'approved' });
    const { start, end } = millisOf(wait);
    expect(end - start).toBeGreaterThanOrEqual(25);
    expect(isChildOf(telemetry.span('ask the user'), wait)).toBe(true);
    expect(eventsOf(span)).toContainEqual([
      'toolwright.permission',
      { 'toolwright.permission.outcome': 'ask', 'toolwright.permission.rule': 'Write' },
    ]);
  });

  it('ends declined or pending as the answer says; the call is denied', async () => {
    const declined = await askedWrite(async () => false);
    expect(declined.executed?.status).toBe('denied');
    expect(telemetry.span('toolwright.approval.wait').attributes).toEqual({
      'toolwright.approval.outcome': 'declined',
    });
    await telemetry.shutdown();
    telemetry = registerTestTelemetry();
    const pending = await askedWrite(async () => ({ pendingApproval: 'appr_1' }));
    expect(pending.executed?.status).toBe('denied');
    expect(telemetry.span('toolwright.approval.wait').attributes).toEqual({
      'toolwright.approval.outcome': 'pending',
    });
  });

  it('is not there when nobody can answer: the decision says unattended', async () => {
    const { executed, span } = await askedWrite(undefined);
    expect(executed?.status).toBe('denied');
    expect(telemetry.spansNamed('toolwright.approval.wait')).toEqual([]);
    expect(eventsOf(span)).toContainEqual([
      'toolwright.permission',
      {
        'toolwright.permission.outcome': 'ask',
        'toolwright.permission.rule': 'Write',
        'toolwright.approval.outcome': 'unattended',
      },
    ]);
  });
});

describe('waiting for the same-path lock', () => {
  /** Two writes of one batch, not concurrency-safe, on `paths` (one each): 60 ms each. */
  async function twoWrites(paths: [string, string]) {
    const root = makeTempDir('executor-telemetry');
    const log = new RunLog();
    const write = timedTool({
      name: 'Write',
      log,
      durationMs: 60,
      kind: ToolKind.Write,
      parallelism: 'shared',
    });
    await tracedExecutor([write], { workspaceRoot: root }).executeBatch([
      { id: 'w1', name: 'Write', arguments: { label: 'first', path: join(root, paths[0]) } },
      { id: 'w2', name: 'Write', arguments: { label: 'second', path: join(root, paths[1]) } },
    ]);
    const calls = telemetry.spansNamed('execute_tool Write');
    const byId = (id: string) =>
      calls.find((span) => span.attributes['gen_ai.tool.call.id'] === id) as ReadableSpan;
    return { first: byId('w1'), second: byId('w2'), log };
  }

  it('is a child span of the call that waited, from its request until the other call let go', async () => {
    const { first, second } = await twoWrites(['a.txt', 'a.txt']);
    const wait = telemetry.span('toolwright.path_lock.wait');
    expect(isChildOf(wait, second)).toBe(true);
    const waited = millisOf(wait);
    // It waited for the first write's 60 ms, and the wait lies inside its own call's span.
    expect(waited.end - waited.start).toBeGreaterThanOrEqual(50);
    // Within the SDK's precision: it stamps a span's start with Date.now() (whole milliseconds),
    // and turns the wait's performance-clock start into a date through an offset of that same
    // precision, so the two starts, microseconds apart, may read up to 1 ms the wrong way round.
    expect(waited.start).toBeGreaterThanOrEqual(millisOf(second).start - 1);
    expect(waited.end).toBeLessThanOrEqual(millisOf(second).end);
    expect(waited.end).toBeGreaterThanOrEqual(millisOf(first).end - 5);
  });

  it('is not made when the call did not wait', async () => {
    const { log } = await twoWrites(['a.txt', 'b.txt']);
    const [first, second] = log.runs;
    // They ran side by side: neither waited.
    expect((second?.startedAt ?? 0) < (first?.endedAt ?? 0)).toBe(true);
    expect(telemetry.spansNamed('toolwright.path_lock.wait')).toEqual([]);
  });
});

describe('storing output as an artifact', () => {
  it('is an event with the artifact id and bytes, never the content', async () => {
    const root = makeTempDir('executor-telemetry');
    const store = new SessionArtifactStore({ root: join(root, 'state'), namespace: 'test', sessionId: 's' });
    const big = timedTool({
      name: 'Big',
      log: new RunLog(),
      durationMs: 0,
      isConcurrencySafe: true,
      run: async () => ({ llmContent: `HEAD${'x'.repeat(100_000)}TAIL` }),
    });
    const [executed] = await tracedExecutor([big], {
      workspaceRoot: root,
      artifactSink: store,
      spillThresholdBytes: 1024,
    }).executeBatch([{ id: 'b1', name: 'Big', arguments: { label: 'a' } }]);
    expect(executed?.spilled).toBe(true);
    const artifact = executed?.result.artifacts?.[0];
    const span = telemetry.span('execute_tool Big');
    expect(eventsOf(span).filter(([name]) => name === 'toolwright.artifact.stored')).toEqual([
      [
        'toolwright.artifact.stored',
        { 'toolwright.artifact.id': artifact?.id, 'toolwright.artifact.bytes': 100_008 },
      ],
    ]);
    expect(JSON.stringify([span.attributes, span.events])).not.toContain('xxxx');
  });
});

describe('a call pre-started while the model streams', () => {
  it('has its span from when it started, so calls that overlapped overlap in the trace', async () => {
    const root = makeTempDir('executor-telemetry');
    const log = new RunLog();
    const read = timedTool({ name: 'Read', log, durationMs: 300, isConcurrencySafe: true });
    const sentAt: number[] = [];
    const secondCall = streamedCall('c2', 'Read', { label: 'r2' });
    const steps: ScriptedStreamStep[] = [
      ...streamedCall('c1', 'Read', { label: 'r1' }),
      // The second call's arguments complete once the first runs (for 300 ms).
      ...secondCall.slice(0, -1),
      { ...(secondCall.at(-1) as ScriptedStreamStep), until: () => log.runs.length === 1 },
      { afterMs: 0, event: { type: 'message-end' }, until: () => log.runs.length === 2 },
    ];
    const origin = performance.now();
    const execution = await tracedExecutor([read], { workspaceRoot: root }).executeStream(
      playStream(steps, { origin, sentAt }),
    );
    expect(execution.calls.map((call) => call.preStarted)).toEqual([true, true]);
    const spans = telemetry.spansNamed('execute_tool Read');
    const [first, second] = ['c1', 'c2'].map(
      (id) => spans.find((span) => span.attributes['gen_ai.tool.call.id'] === id) as ReadableSpan,
    ) as [ReadableSpan, ReadableSpan];
    expect(first.attributes['toolwright.call.pre_started']).toBe(true);
    expect(second.attributes['toolwright.call.pre_started']).toBe(true);
    expect(millisOf(second).start).toBeLessThan(millisOf(first).end);
    // Both began before the message ended.
    const messageEnd = performance.timeOrigin + origin + (sentAt.at(-1) as number);
    expect(millisOf(first).start).toBeLessThan(messageEnd);
    expect(millisOf(second).start).toBeLessThan(messageEnd);
  });
});
