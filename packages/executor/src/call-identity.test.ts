import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { idempotencyKey } from '@toolwright/utils';
import { describe, expect, it } from 'vitest';
import type { ExecutorEvent, PreToolHook } from './executed-call.js';
import { pathAccessOf } from './paths/path-access.js';
import { PermissionPolicy } from './permission/permission-policy.js';
import { lookupOf } from './test-support/tools.js';
import { ToolCallRunner } from './tool-call-runner.js';
import { ToolExecutor } from './tool-executor.js';

/** The identity one run of a tool saw. */
interface Seen {
  readonly toolCallId: string | undefined;
  readonly idempotencyKey: string | undefined;
}

/** A tool that records the identity each run saw; it fails its first run with a transient error. */
function chargeTool(seen: Seen[]) {
  return createTool({
    name: 'Charge',
    kind: ToolKind.Write,
    isRetrySafe: true,
    schema: Type.Object({
      account: Type.String(),
      amount: Type.Object({ value: Type.Number(), currency: Type.String() }),
      memo: Type.String({ default: '' }),
    }),
    description: 'Charges an account.',
    async execute(_params, context) {
      seen.push({ toolCallId: context.toolCallId, idempotencyKey: context.idempotencyKey });
      context.onProgress?.({ message: 'charging' });
      if (seen.length === 1) throw Object.assign(new Error('resource busy'), { code: 'EBUSY' });
      return ToolResults.success('charged');
    },
  });
}

function executorFor(seen: Seen[], events: ExecutorEvent[] = [], hooks: PreToolHook[] = []) {
  const root = makeTempDir('executor-call-identity');
  return new ToolExecutor({
    lookup: lookupOf([chargeTool(seen)]),
    permissions: new PermissionPolicy({ workspaceRoot: root, allow: ['Charge'] }),
    sessionId: 'identity',
    workspaceRoot: root,
    retry: { initialDelayMs: 1, maxDelayMs: 1 },
    hooks,
    onEvent: (event) => events.push(event),
  });
}

const ARGUMENTS = { account: 'acme', amount: { value: 5, currency: 'EUR' } };
const REORDERED = { amount: { currency: 'EUR', value: 5 }, account: 'acme' };

describe('the identity of a call', () => {
  it('reaches the tool and the result: the model’s id, and one key for every attempt of the call', async () => {
    const seen: Seen[] = [];
    const [executed] = await executorFor(seen).executeBatch([
      { id: 'call_1', name: 'Charge', arguments: ARGUMENTS },
    ]);
    expect(executed!.status).toBe('success');
    expect(executed!.attempts).toBe(2);
    // The key is derived from the validated arguments, defaults included.
    const key = idempotencyKey('call_1', { ...ARGUMENTS, memo: '' });
    expect(seen).toEqual([
      { toolCallId: 'call_1', idempotencyKey: key },
      { toolCallId: 'call_1', idempotencyKey: key },
    ]);
    expect(executed!.callId).toBe('call_1');
    expect(executed!.idempotencyKey).toBe(key);
  });

  it('gives the same key to the same id and arguments in another key order, and another to another id', async () => {
    const keyOf = async (id: string, args: unknown) => {
      const [executed] = await executorFor([]).executeBatch([{ id, name: 'Charge', arguments: args }]);
      return executed!.idempotencyKey;
    };
    const first = await keyOf('call_1', ARGUMENTS);
    expect(await keyOf('call_1', REORDERED)).toBe(first);
    expect(await keyOf('call_2', ARGUMENTS)).not.toBe(first);
    expect(await keyOf('call_1', { ...ARGUMENTS, memo: 'refund' })).not.toBe(first);
  });

  it('keeps a key the caller passed with the call', async () => {
    const seen: Seen[] = [];
    const [executed] = await executorFor(seen).executeBatch([
      { id: '7', name: 'Charge', arguments: ARGUMENTS, idempotencyKey: 'upstream-key' },
    ]);
    expect(seen.map((entry) => entry.idempotencyKey)).toEqual(['upstream-key', 'upstream-key']);
    expect(executed!.idempotencyKey).toBe('upstream-key');
  });

  it('is on every event of the call, a hook’s rewrite, its retry and its progress included', async () => {
    const events: ExecutorEvent[] = [];
    const addMemo: PreToolHook = () => ({ params: { memo: 'via hook' } });
    const seen: Seen[] = [];
    await executorFor(seen, events, [addMemo]).executeBatch([
      { id: 'call_a', name: 'Charge', arguments: ARGUMENTS },
      { id: 'call_b', name: 'Missing', arguments: {} },
    ]);
    const types = new Set(events.map((event) => event.type));
    expect(types).toEqual(
      new Set(['batch', 'call-start', 'hook-rewrite', 'permission', 'call-progress', 'retry', 'call-end']),
    );
    for (const event of events) {
      if (event.type === 'batch') expect(event.callIds).toEqual(event.calls.map((call) => call.id));
      else expect(event.callId).toBe(event.type === 'call-end' ? event.executed.call.id : event.call.id);
    }
    expect(events.filter((event) => event.type === 'call-end').map((event) => event.callId)).toEqual([
      'call_a',
      'call_b',
    ]);
    // The key follows the arguments the tool ran with, after the hook's rewrite.
    expect(seen[0]!.idempotencyKey).toBe(idempotencyKey('call_a', { ...ARGUMENTS, memo: 'via hook' }));
  });

  it('reaches a tool run by ToolCallRunner, as the AI SDK bridge and the MCP server run them', async () => {
    const seen: Seen[] = [];
    const root = makeTempDir('runner-call-identity');
    const runner = new ToolCallRunner({
      lookup: lookupOf([chargeTool(seen)]),
      sessionId: 'identity',
      workspaceRoot: root,
      retry: { initialDelayMs: 1, maxDelayMs: 1 },
    });
    const executed = await runner.run({ id: 'toolu_9', name: 'Charge', arguments: REORDERED });
    expect(seen[1]).toEqual({
      toolCallId: 'toolu_9',
      idempotencyKey: idempotencyKey('toolu_9', { ...ARGUMENTS, memo: '' }),
    });
    expect(executed.idempotencyKey).toBe(seen[1]!.idempotencyKey);
  });
});

describe('the context fields made when first read (idempotencyKey, pathAccess)', () => {
  it('reach a tool that spreads the context, and a tool may assign them, as plain fields', async () => {
    const root = makeTempDir('executor-lazy-context');
    const observed: Array<Record<string, unknown>> = [];
    const probe = createTool({
      name: 'Probe',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ n: Type.Number() }),
      description: 'Reports what its context holds.',
      async execute(_params, context) {
        const copy = { ...context };
        const access = pathAccessOf(copy);
        context.idempotencyKey = 'assigned-by-the-tool';
        const replacement = { canRead: () => false, skipped: [], summary: () => '' };
        context.pathAccess = replacement;
        observed.push({
          key: copy.idempotencyKey,
          canRead: access?.canRead(`${root}/x.txt`, `${root}/x.txt`),
          keyAfter: context.idempotencyKey,
          accessAfter: context.pathAccess === replacement,
          keys: Object.keys(copy).sort(),
        });
        return ToolResults.success('ok');
      },
    });
    const executor = new ToolExecutor({
      lookup: lookupOf([probe]),
      permissions: new PermissionPolicy({ workspaceRoot: root }),
      sessionId: 'lazy',
      workspaceRoot: root,
    });
    const [executed] = await executor.executeBatch([{ id: 'call_9', name: 'Probe', arguments: { n: 1 } }]);
    expect(executed!.status).toBe('success');
    const expectedKey = idempotencyKey('call_9', { n: 1 });
    expect(observed).toEqual([
      {
        key: expectedKey,
        canRead: true,
        keyAfter: 'assigned-by-the-tool',
        accessAfter: true,
        keys: expect.arrayContaining(['idempotencyKey', 'pathAccess', 'signal', 'toolCallId']),
      },
    ]);
    // The result's key is the one derived for the call, whatever the tool did to its own context.
    expect(executed!.idempotencyKey).toBe(expectedKey);
    expect(JSON.parse(JSON.stringify({ key: executed!.idempotencyKey }))).toEqual({ key: expectedKey });
  });
});
