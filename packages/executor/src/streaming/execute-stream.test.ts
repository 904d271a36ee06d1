import { ToolKind } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import type { ToolExecutorOptions } from '../executor-options.js';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { playStream, type ScriptedStreamStep, streamedCall } from '../test-support/stream-events.js';
import { lookupOf, RunLog, type RunRecord, timedTool } from '../test-support/tools.js';
import { ToolExecutor } from '../tool-executor.js';
import type { ToolCallStreamEvent } from './tool-call-stream-event.js';

function setup(overrides: Partial<ToolExecutorOptions> = {}) {
  const root = makeTempDir('executor-stream');
  const log = new RunLog();
  const read = timedTool({ name: 'Read', log, durationMs: 100, isConcurrencySafe: true });
  // The pitfall pinned here: parallelism 'shared' but not concurrency-safe — same batch, never pre-started.
  const write = timedTool({
    name: 'Write',
    log,
    durationMs: 100,
    kind: ToolKind.Write,
    parallelism: 'shared',
  });
  const barrier = timedTool({ name: 'Barrier', log, durationMs: 20, parallelism: 'exclusive' });
  const executor = new ToolExecutor({
    lookup: lookupOf([read, write, barrier]),
    permissions: new PermissionPolicy({ workspaceRoot: root }),
    sessionId: 'stream',
    workspaceRoot: root,
    ...overrides,
  });
  return { executor, log, root };
}

const end: ScriptedStreamStep = { afterMs: 0, event: { type: 'message-end' } };

/** `stream`'s events, then silence: a model that stops sending without ending its message. */
async function* neverEnding(stream: AsyncIterable<ToolCallStreamEvent>): AsyncGenerator<ToolCallStreamEvent> {
  yield* stream;
  await new Promise<never>(() => {});
}

function runOf(log: RunLog, label: string): RunRecord {
  const run = log.runs.find((candidate) => candidate.label === label);
  if (run === undefined)
    throw new Error(`${label} never ran; ran: ${log.runs.map((candidate) => candidate.label).join(', ')}`);
  return run;
}

describe('executeStream', () => {
  it('starts concurrency-safe calls while the model streams; a Write waits for the end of the message; results in call order', async () => {
    const { executor, log } = setup();
    const sentAt: number[] = [];
    const steps = [
      ...streamedCall('c1', 'Read', { label: 'r1' }, { gapMs: 10 }),
      ...streamedCall('c2', 'Write', { label: 'w1' }, { gapMs: 10 }),
      ...streamedCall('c3', 'Read', { label: 'r2' }, { gapMs: 10 }),
      // The message ends only once both reads run: were they not pre-started, it never would.
      {
        afterMs: 60,
        event: { type: 'message-end' },
        until: () => ['r1', 'r2'].every((label) => log.runs.some((run) => run.label === label)),
      } as ScriptedStreamStep,
    ];
    const execution = await executor.executeStream(playStream(steps, { origin: log.origin, sentAt }));
    const messageEndAt = sentAt.at(-1) as number;
    expect(execution.interrupted).toBeUndefined();
    expect(execution.calls.map((call) => `${call.call.id}:${call.status}:${call.preStarted}`)).toEqual([
      'c1:success:true',
      'c2:success:false',
      'c3:success:true',
    ]);
    expect(runOf(log, 'w1').startedAt).toBeGreaterThanOrEqual(messageEndAt);
    // The pre-started reads and the write share one batch, as executeBatch would run them.
    expect(new Set(execution.calls.map((call) => call.batch)).size).toBe(1);
  });

  it('does not pre-start anything after an exclusive call: the barrier holds in the stream too', async () => {
    const { executor, log } = setup();
    const sentAt: number[] = [];
    const steps = [
      ...streamedCall('c1', 'Barrier', { label: 'b' }),
      ...streamedCall('c2', 'Read', { label: 'r' }, { gapMs: 5 }),
      { afterMs: 50, event: { type: 'message-end' } } as ScriptedStreamStep,
    ];
    const execution = await executor.executeStream(playStream(steps, { origin: log.origin, sentAt }));
    expect(execution.calls.map((call) => call.status)).toEqual(['success', 'success']);
    expect(runOf(log, 'b').startedAt).toBeGreaterThanOrEqual(sentAt.at(-1) as number);
    expect(runOf(log, 'r').startedAt).toBeGreaterThanOrEqual(runOf(log, 'b').endedAt as number);
  });

  it('aborted mid-stream: started calls are aborted, calls not started never run', async () => {
    const { executor, log } = setup();
    const controller = new AbortController();
    const steps = [
      ...streamedCall('c1', 'Read', { label: 'r1' }),
      ...streamedCall('c2', 'Write', { label: 'w1' }),
    ];
    setTimeout(() => controller.abort(new Error('user pressed Ctrl-C')), 30);
    // The message never ends: only the abort can end this execution, however slow the machine.
    const execution = await executor.executeStream(neverEnding(playStream(steps)), {
      signal: controller.signal,
    });
    expect(execution.interrupted?.reason).toBe('aborted');
    expect(execution.calls.map((call) => call.status)).toEqual(['aborted', 'aborted']);
    expect(runOf(log, 'r1').aborted).toBe(true);
    expect(log.runs.map((run) => run.label)).toEqual(['r1']);
    expect(execution.calls[1]?.content).toBe(
      'Not run: the turn was aborted before the message was complete.',
    );
  });

  it('a stream that fails: started calls aborted, finished-but-waiting calls not run, unfinished arguments reported', async () => {
    const { executor, log } = setup();
    const steps = [
      ...streamedCall('c1', 'Read', { label: 'r1' }),
      ...streamedCall('c2', 'Write', { label: 'w1' }),
      { afterMs: 0, event: { type: 'tool-call-start', callId: 'c3', toolName: 'Read' } },
      { afterMs: 20, event: { type: 'tool-call-delta', callId: 'c3', argumentsDelta: '{"label":' } },
      end,
    ] satisfies ScriptedStreamStep[];
    const execution = await executor.executeStream(playStream(steps, { failAfter: steps.length - 1 }));
    expect(execution.interrupted?.reason).toBe('stream_failed');
    expect(execution.interrupted?.error).toMatchObject({ message: 'connection reset by peer' });
    expect(execution.calls.map((call) => call.status)).toEqual(['aborted', 'aborted', 'incomplete']);
    expect(runOf(log, 'r1').aborted).toBe(true);
    expect(log.runs).toHaveLength(1);
    expect(execution.calls[2]?.content).toContain("the model's stream failed after 9 characters of them");
  });

  it('a stream that just stops (no message-end) counts as interrupted, not as a finished message', async () => {
    const { executor, log } = setup();
    const execution = await executor.executeStream(playStream(streamedCall('c1', 'Write', { label: 'w1' })));
    expect(execution.interrupted?.reason).toBe('stream_ended');
    expect(execution.calls.map((call) => call.status)).toEqual(['aborted']);
    expect(log.runs).toHaveLength(0);
  });

  it('malformed partial arguments fail that call alone, with the parser’s reason; the rest run', async () => {
    const { executor, log } = setup();
    const steps = [
      { afterMs: 0, event: { type: 'tool-call-start', callId: 'bad', toolName: 'Read' } },
      { afterMs: 0, event: { type: 'tool-call-delta', callId: 'bad', argumentsDelta: '{"label" "x"' } },
      { afterMs: 0, event: { type: 'tool-call-delta', callId: 'bad', argumentsDelta: '}' } },
      { afterMs: 0, event: { type: 'tool-call-end', callId: 'bad' } },
      ...streamedCall('good', 'Read', { label: 'ok' }),
      end,
    ] satisfies ScriptedStreamStep[];
    const execution = await executor.executeStream(playStream(steps));
    expect(execution.calls.map((call) => call.status)).toEqual(['invalid', 'success']);
    expect(execution.calls[0]?.content).toMatch(
      /^The arguments of Read are not valid JSON \(Unexpected .*\)\. Send the arguments as one JSON object\./,
    );
    expect(log.runs.map((run) => run.label)).toEqual(['ok']);
  });

  it('a call whose arguments never complete before message-end gets an error result; nothing runs for it', async () => {
    const { executor, log } = setup();
    const steps = [
      { afterMs: 0, event: { type: 'tool-call-start', callId: 'c1', toolName: 'Read' } },
      { afterMs: 0, event: { type: 'tool-call-delta', callId: 'c1', argumentsDelta: '{"label":"r' } },
      end,
    ] satisfies ScriptedStreamStep[];
    const execution = await executor.executeStream(playStream(steps));
    expect(execution.interrupted).toBeUndefined();
    expect(execution.calls[0]).toMatchObject({ status: 'incomplete' });
    expect(execution.calls[0]?.content).toBe(
      'The arguments of Read never completed: the message ended after 11 characters of them. Call Read again with the whole arguments.',
    );
    expect(log.runs).toHaveLength(0);
  });

  it('pre-starts a call sent whole (Gemini-style arguments on tool-call-end) and validates before starting', async () => {
    const { executor, log } = setup();
    const sentAt: number[] = [];
    const steps = [
      { afterMs: 0, event: { type: 'tool-call-start', callId: 'g1', toolName: 'Read' } },
      { afterMs: 0, event: { type: 'tool-call-end', callId: 'g1', arguments: { label: 'whole' } } },
      { afterMs: 0, event: { type: 'tool-call-start', callId: 'g2', toolName: 'Read' } },
      { afterMs: 0, event: { type: 'tool-call-end', callId: 'g2', arguments: { label: 42 } } },
      // Sent once the whole call runs: were it not pre-started, the message would never end.
      {
        afterMs: 40,
        event: { type: 'message-end' },
        until: () => log.runs.some((run) => run.label === 'whole'),
      },
    ] satisfies ScriptedStreamStep[];
    const execution = await executor.executeStream(playStream(steps, { origin: log.origin, sentAt }));
    expect(execution.calls.map((call) => `${call.status}:${call.preStarted}`)).toEqual([
      'success:true',
      'invalid:true',
    ]);
    expect(log.runs).toHaveLength(1);
  });

  it('never pre-starts a deferred tool ToolSearch has not loaded; it is refused at the end of the message', async () => {
    const { executor, log } = setup({
      deferred: { isDeferred: (name) => name === 'Read', isLoaded: () => false },
    });
    const execution = await executor.executeStream(
      playStream([...streamedCall('c1', 'Read', { label: 'r' }), end]),
    );
    expect(execution.calls[0]).toMatchObject({ status: 'not_loaded', preStarted: false });
    expect(log.runs).toHaveLength(0);
  });

  it('a malformed event stream (a delta for a call that never started) stops the turn with a typed error', async () => {
    const { executor } = setup();
    const steps = [
      ...streamedCall('c1', 'Write', { label: 'w' }),
      { afterMs: 0, event: { type: 'tool-call-delta', callId: 'ghost', argumentsDelta: '{}' } },
      end,
    ] satisfies ScriptedStreamStep[];
    const execution = await executor.executeStream(playStream(steps));
    expect(execution.interrupted?.reason).toBe('stream_failed');
    expect(execution.interrupted?.error).toMatchObject({
      code: 'invalid_stream_event',
      message: 'Invalid tool-call stream: tool-call-delta for call id "ghost", which never started.',
    });
    expect(execution.calls.map((call) => call.status)).toEqual(['aborted']);
  });

  it('shares maxParallel between calls started during the stream and at its end', async () => {
    const { executor, log } = setup({ maxParallel: 1 });
    const steps = [
      ...streamedCall('c1', 'Read', { label: 'a' }),
      ...streamedCall('c2', 'Read', { label: 'b' }),
      ...streamedCall('c3', 'Write', { label: 'c' }),
      end,
    ];
    const execution = await executor.executeStream(playStream(steps));
    expect(execution.calls.map((call) => call.status)).toEqual(['success', 'success', 'success']);
    const [a, b, c] = ['a', 'b', 'c'].map((label) => runOf(log, label));
    expect((b as RunRecord).startedAt).toBeGreaterThanOrEqual((a as RunRecord).endedAt as number);
    expect((c as RunRecord).startedAt).toBeGreaterThanOrEqual((b as RunRecord).endedAt as number);
  });
});
