import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { ExecutorEvent } from './executed-call.js';
import { ExecutorError } from './executor-error.js';
import { PermissionPolicy } from './permission/permission-policy.js';
import { lookupOf } from './test-support/tools.js';
import { ToolCallRunner } from './tool-call-runner.js';

const WORKSPACE = '/work/space';

/** Echo: a concurrency-safe tool that counts its runs and keeps the context of the last one. */
function echoTool(counts: { runs: number; context?: ExecutionContext }): Tool {
  return createTool({
    name: 'Echo',
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    schema: Type.Object({ text: Type.String(), times: Type.Optional(Type.Integer({ minimum: 1 })) }),
    description: 'Repeats the text.',
    execute: async (params, context) => {
      counts.runs += 1;
      counts.context = context;
      return ToolResults.success(
        Array(params.times ?? 1)
          .fill(params.text)
          .join(' '),
      );
    },
  });
}

/** A tool that runs until its signal aborts, and says it saw the abort. */
/** The `signal.reason` of each call Hang saw aborted, as the tool printed it. */
const abortReasons: string[] = [];

const hangTool = createTool({
  name: 'Hang',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Runs until it is aborted.',
  execute: (_params, context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener(
        'abort',
        () => {
          abortReasons.push(String(context.signal.reason));
          reject(new Error('stopped'));
        },
        { once: true },
      );
    }),
});

const call = (name: string, args: unknown) => ({ id: 'call-1', name, arguments: args });

describe('ToolCallRunner', () => {
  it('runs a call without a policy, and says so in the permission event', async () => {
    const counts: { runs: number; context?: ExecutionContext } = { runs: 0 };
    const events: ExecutorEvent[] = [];
    const runner = new ToolCallRunner({
      lookup: lookupOf([echoTool(counts)]),
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
      contextFields: { clock: 'fake' },
      onEvent: (event) => events.push(event),
    });
    const executed = await runner.run(call('Echo', { text: 'a', times: '2' }), {
      providerTarget: 'anthropic',
    });
    expect(executed).toMatchObject({ status: 'success', content: 'a a', attempts: 1, batch: 0 });
    expect(executed.invocation?.coercions).toHaveLength(1);
    expect(counts.context).toMatchObject({
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
      clock: 'fake',
      providerTarget: 'anthropic',
    });
    expect(events.map((event) => event.type)).toEqual(['batch', 'call-start', 'permission', 'call-end']);
    expect(events[2]).toMatchObject({
      decision: { behavior: 'allow', reason: 'No permission policy was given: every call runs as asked.' },
    });
    expect((await runner.run(call('Echo', { text: 'b' }))).batch).toBe(1);
  });

  it("adds a turn's contextFields over the runner's, and keeps the context's own fields", async () => {
    const counts: { runs: number; context?: ExecutionContext } = { runs: 0 };
    const runner = new ToolCallRunner({
      lookup: lookupOf([echoTool(counts)]),
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
      contextFields: { clock: 'fake', tenant: 'default' },
    });
    await runner.run(call('Echo', { text: 'a' }), {
      contextFields: { tenant: 'acme', sessionId: 'forged', toolCallId: 'forged' },
    });
    expect(counts.context).toMatchObject({
      clock: 'fake',
      tenant: 'acme',
      sessionId: 'runner-test',
      toolCallId: 'call-1',
    });
    // The next call without turn fields sees the runner's own again.
    await runner.run(call('Echo', { text: 'b' }));
    expect(counts.context).toMatchObject({ tenant: 'default' });
  });

  it('applies a policy when given one: a denied call never runs', async () => {
    const counts: { runs: number; context?: ExecutionContext } = { runs: 0 };
    const runner = new ToolCallRunner({
      lookup: lookupOf([echoTool(counts)]),
      permissions: new PermissionPolicy({ workspaceRoot: WORKSPACE, deny: ['Echo'] }),
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
    });
    const executed = await runner.run(call('Echo', { text: 'a' }));
    expect(executed.status).toBe('denied');
    expect(executed.result.error?.type).toBe('permission_denied');
    expect(counts.runs).toBe(0);
  });

  it('gives the model the repairable validation message with its code', async () => {
    const runner = new ToolCallRunner({
      lookup: lookupOf([echoTool({ runs: 0 })]),
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
    });
    const executed = await runner.run(call('Echo', { text: 3 }));
    expect(executed.status).toBe('invalid');
    expect(executed.content).toContain('Invalid arguments for tool "Echo"');
    expect(executed.content).toMatch(/\(code: validation_failed\)$/);
  });

  it('refuses a deferred tool ToolSearch has not loaded, before building it', async () => {
    const counts: { runs: number; context?: ExecutionContext } = { runs: 0 };
    const loaded = new Set<string>();
    const runner = new ToolCallRunner({
      lookup: lookupOf([echoTool(counts)]),
      deferred: { isDeferred: (name) => name === 'Echo', isLoaded: (name) => loaded.has(name) },
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
    });
    // Arguments that fail validation: the refusal comes first, so the schema stays unseen.
    const refused = await runner.run(call('Echo', { wrong: true }));
    expect(refused.status).toBe('not_loaded');
    expect(refused.content).toBe(
      'Echo is deferred: its schema has not been loaded. Call ToolSearch with query "select:Echo" first, then call it again.',
    );
    expect(refused.invocation).toBeUndefined();
    loaded.add('Echo');
    expect((await runner.run(call('Echo', { text: 'x' }))).status).toBe('success');
    expect(counts.runs).toBe(1);
  });

  it('uses the invocation the host already built, and builds one of another tool again', async () => {
    const counts: { runs: number; context?: ExecutionContext } = { runs: 0 };
    const echo = echoTool(counts);
    const runner = new ToolCallRunner({
      lookup: lookupOf([echo]),
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
    });
    const invocation = echo.build({ text: 'pre' });
    const reused = await runner.run(call('Echo', { text: 'pre' }), { invocation });
    // The very object: a second build would have made a new, equal one.
    expect(reused.invocation).toBe(invocation);
    const other = createTool({ ...echoConfig(), name: 'Other' }).build({ text: 'other' });
    const rebuilt = await runner.run(call('Echo', { text: 'own' }), { invocation: other });
    expect(rebuilt.content).toBe('own');
    expect(rebuilt.invocation?.toolName).toBe('Echo');
    expect(counts.runs).toBe(2);
  });

  it('aborts a running call with the signal, and times one out after timeoutMs', async () => {
    const runner = new ToolCallRunner({
      lookup: lookupOf([hangTool]),
      sessionId: 'runner-test',
      workspaceRoot: WORKSPACE,
      timeoutMs: 30,
      timeoutGraceMs: 0,
    });
    expect(await runner.run(call('Hang', {}))).toMatchObject({
      status: 'timeout',
      content: 'The tool call timed out after 30 ms.',
    });
    // What a tool sees as the reason: a named error, not a bare `Error`.
    expect(abortReasons.at(-1)).toBe('CallTimeoutError: timed out after 30 ms');
    const controller = new AbortController();
    const running = runner.run(call('Hang', {}), { signal: controller.signal });
    controller.abort();
    expect(await running).toMatchObject({
      status: 'aborted',
      content: 'The tool call was aborted before it finished.',
    });
  });

  it('refuses what a batch scheduler takes, and a permission checker without decide, naming itself', () => {
    const base = { lookup: () => undefined, sessionId: 'runner-test', workspaceRoot: WORKSPACE };
    expect(() => new ToolCallRunner({ ...base, maxParallel: 2 } as never)).toThrow(
      /ToolCallRunner: unknown option "maxParallel"/,
    );
    let error: unknown;
    try {
      new ToolCallRunner({ ...base, permissions: {} as never });
    } catch (caught) {
      error = caught;
    }
    expect(ExecutorError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^ToolCallRunner: permissions must be a PermissionPolicy/);
  });
});

function echoConfig() {
  return {
    name: 'Echo',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ text: Type.String() }),
    description: 'Repeats the text.',
    execute: async (params: { text: string }) => ToolResults.success(params.text),
  };
}
