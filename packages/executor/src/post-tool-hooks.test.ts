import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, ToolKind, type ToolResult, ToolResults } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import {
  type ExecutorEvent,
  PermissionPolicy,
  type PostToolHook,
  type PostToolHookInput,
  ToolCallRunner,
  type ToolCallStreamEvent,
  ToolExecutor,
  type ToolExecutorOptions,
} from './index.js';
import { lookupOf, RunLog, timedTool } from './test-support/tools.js';

const SECRET = 'sk-live-0123456789abcdef';

function executorWith(postToolHooks: readonly PostToolHook[], extra: Partial<ToolExecutorOptions> = {}) {
  const root = makeTempDir('executor-post-hooks');
  const log = new RunLog();
  const events: ExecutorEvent[] = [];
  const tools = [
    timedTool({
      name: 'Env',
      log,
      durationMs: 0,
      run: async (params) => ({ llmContent: `${params.label}: API_KEY=${SECRET}` }),
    }),
    timedTool({
      name: 'Fails',
      log,
      durationMs: 0,
      run: async () => {
        throw new Error('disk full');
      },
    }),
    timedTool({ name: 'Slow', log, durationMs: 400 }),
  ];
  const executor = new ToolExecutor({
    lookup: lookupOf(tools),
    permissions: new PermissionPolicy({ workspaceRoot: root }),
    sessionId: 'post-hooks',
    workspaceRoot: root,
    postToolHooks,
    onEvent: (event) => events.push(event),
    ...extra,
  });
  return { executor, log, events, root };
}

const call = (name: string, label: string) => ({ id: `${name}-${label}`, name, arguments: { label } });

/** A hook that replaces every occurrence of the secret in a text result. */
const redact: PostToolHook = ({ result }) => {
  const text = typeof result.llmContent === 'string' ? result.llmContent : JSON.stringify(result.llmContent);
  return text.includes(SECRET)
    ? { result: ToolResults.success(text.replaceAll(SECRET, '[redacted]')) }
    : undefined;
};

describe('post-tool hooks', () => {
  it('redact the output before the model or the artifact store sees it', async () => {
    const root = makeTempDir('executor-post-hooks-store');
    const store = new SessionArtifactStore({ root, namespace: 'hooks', sessionId: 'post-hooks' });
    const { executor, events } = executorWith([redact], { artifactSink: store, spillThresholdBytes: 64 });
    const [executed] = await executor.executeBatch([call('Env', 'x'.repeat(200))]);
    expect(executed!.status).toBe('success');
    expect(executed!.content).not.toContain(SECRET);
    expect(executed!.content).toContain('[redacted]');
    // The spilled copy was written after the hook: the whole output on disk is redacted too.
    const stored = executed!.result.artifacts?.[0];
    expect(stored).toBeDefined();
    expect((await store.read(stored!.id)).bytes.toString('utf8')).not.toContain(SECRET);
    const envCall = call('Env', 'x'.repeat(200));
    expect(events).toContainEqual({ type: 'post-hook', callId: envCall.id, call: envCall, replaced: true });
  });

  it('see a failure and may add a note the model reads after it; the call stays failed', async () => {
    const seen: PostToolHookInput['status'][] = [];
    const { executor } = executorWith([
      ({ status, result }) => {
        seen.push(status);
        return result.error === undefined
          ? undefined
          : { note: 'Free some space with the Clean tool, then retry.' };
      },
    ]);
    const [executed] = await executor.executeBatch([call('Fails', 'a')]);
    expect(seen).toEqual(['error']);
    expect(executed!.status).toBe('error');
    expect(executed!.content).toBe('disk full\nFree some space with the Clean tool, then retry.');
  });

  it('run in order, each seeing the result as the one before left it', async () => {
    const received: string[] = [];
    const text = (result: ToolResult) => (typeof result.llmContent === 'string' ? result.llmContent : '');
    const { executor } = executorWith([
      ({ result }) => ({ result: ToolResults.success(`${text(result)} [1]`) }),
      ({ result }) => {
        received.push(text(result));
        return { result: ToolResults.success(`${text(result)} [2]`) };
      },
    ]);
    const [executed] = await executor.executeBatch([call('Slow', 'fast')]);
    expect(received).toEqual(['Slow fast done [1]']);
    expect(executed!.content).toBe('Slow fast done [1] [2]');
  });

  it('a replaced failure takes the status of what replaced it', async () => {
    const { executor } = executorWith([
      () => ({ result: ToolResults.success('Nothing to do: the disk was already full.') }),
    ]);
    const [executed] = await executor.executeBatch([call('Fails', 'a')]);
    expect(executed!.status).toBe('success');
    expect(executed!.result.error).toBeUndefined();
  });

  it('stop the turn: the calls after it are aborted with a result that names the stop, and the call says why', async () => {
    const { executor, log } = executorWith([
      ({ call: ran }) =>
        ran.name === 'Fails' ? { stopTurn: 'the disk is full; ask the user first' } : undefined,
    ]);
    const executed = await executor.executeBatch([call('Fails', 'a'), call('Slow', 'b'), call('Slow', 'c')]);
    expect(executed.map((entry) => entry.status)).toEqual(['error', 'aborted', 'aborted']);
    expect(executed[0]!.stopTurn).toBe('the disk is full; ask the user first');
    expect(executed[1]!.content).toBe(
      'Not run to the end: a post-tool hook stopped the turn after Fails: the disk is full; ask the user first (code: turn_stopped)',
    );
    // Exclusive calls run one after another: the stop came before the next one started.
    expect(log.started('Slow')).toEqual([]);
  });

  it('stop a streamed turn too: the calls of the message not yet finished are aborted', async () => {
    const { executor, log } = executorWith([
      ({ call: ran }) => (ran.name === 'Fails' ? { stopTurn: 'stop here' } : undefined),
    ]);
    async function* message(): AsyncGenerator<ToolCallStreamEvent> {
      for (const [id, name] of [
        ['c1', 'Fails'],
        ['c2', 'Slow'],
      ] as const) {
        yield { type: 'tool-call-start', callId: id, toolName: name };
        yield { type: 'tool-call-end', callId: id, arguments: { label: id } };
      }
      yield { type: 'message-end' };
    }
    const streamed = await executor.executeStream(message());
    expect(streamed.calls.map((entry) => entry.status)).toEqual(['error', 'aborted']);
    expect(streamed.calls[0]!.stopTurn).toBe('stop here');
    expect(streamed.calls[1]!.content).toContain('a post-tool hook stopped the turn after Fails: stop here');
    expect(log.started('Slow')).toEqual([]);
  });

  it('a stop does not skip a later hook: the redaction after it still runs', async () => {
    const { executor } = executorWith([() => ({ stopTurn: 'enough' }), redact]);
    const [executed] = await executor.executeBatch([call('Env', 'a')]);
    expect(executed!.stopTurn).toBe('enough');
    expect(executed!.content).toBe('a: API_KEY=[redacted]');
  });

  it('a hook that throws fails the call as hook_failed and withholds the output; no later hook runs', async () => {
    let later = 0;
    const { executor } = executorWith([
      () => {
        throw new Error('the redaction service is down');
      },
      () => {
        later += 1;
        return undefined;
      },
    ]);
    const [executed] = await executor.executeBatch([call('Env', 'a')]);
    expect(executed!.status).toBe('error');
    expect(executed!.content).not.toContain(SECRET);
    expect(executed!.content).toBe(
      "Post-tool hook 1 failed after Env: it threw: the redaction service is down. The tool's output is withheld. (code: hook_failed)",
    );
    expect(later).toBe(0);
  });

  it('an answer a hook may not give is a hook failure that names what is accepted', async () => {
    const { executor } = executorWith([() => ({ replace: 'x' }) as never]);
    const [executed] = await executor.executeBatch([call('Env', 'a')]);
    expect(executed!.content).toBe(
      'Post-tool hook 1 failed after Env: its answer is refused (PostToolHookResult: unknown option "replace"; accepted: result, note, stopTurn). The tool\'s output is withheld. (code: hook_failed)',
    );
    const { executor: other } = executorWith([() => ({ result: { text: 'not a result' } }) as never]);
    const [second] = await other.executeBatch([call('Env', 'a')]);
    expect(second!.content).toMatch(/its result .* is not a ToolResult \(build one with ToolResults\)/);
  });

  it('never see, and so never run, a call that was denied or never built', async () => {
    const seen: string[] = [];
    const { executor } = executorWith(
      [
        ({ call: ran }) => {
          seen.push(ran.id);
          return { result: ToolResults.success('ran after all') };
        },
      ],
      {
        hooks: [
          ({ invocation }) =>
            (invocation.params as { label: string }).label === 'denied'
              ? { deny: 'not this one' }
              : undefined,
        ],
      },
    );
    const executed = await executor.executeBatch([
      call('Slow', 'denied'),
      { id: 'bad', name: 'Slow', arguments: { label: 5 } },
      call('Missing', 'a'),
    ]);
    expect(executed.map((entry) => entry.status)).toEqual(['denied', 'invalid', 'not_found']);
    expect(seen).toEqual([]);
  });

  it('run for a call run on its own by ToolCallRunner, which reports the stop for its host to act on', async () => {
    const root = makeTempDir('executor-post-hooks-runner');
    const runner = new ToolCallRunner({
      lookup: lookupOf([timedTool({ name: 'Slow', log: new RunLog(), durationMs: 0 })]),
      workspaceRoot: root,
      sessionId: 'post-hooks',
      postToolHooks: [() => ({ stopTurn: 'one is enough' })],
    });
    const executed = await runner.run(call('Slow', 'a'));
    expect(executed.status).toBe('success');
    expect(executed.stopTurn).toBe('one is enough');
  });

  it('a replacement of a tool with an output schema must still match it: redacting the text alone is refused', async () => {
    const root = makeTempDir('executor-post-hooks-structured');
    const account = createTool({
      name: 'Account',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      outputSchema: Type.Object({ user: Type.String(), token: Type.String() }),
      description: 'The signed-in account.',
      execute: async () => ToolResults.structured({ user: 'alice', token: SECRET }),
    });
    const run = async (hook: PostToolHook) => {
      const runner = new ToolCallRunner({
        lookup: lookupOf([account]),
        workspaceRoot: root,
        sessionId: 'post-hooks',
        postToolHooks: [hook],
      });
      return runner.run({ id: 'a', name: 'Account', arguments: {} });
    };
    const textOnly = await run(() => ({ result: ToolResults.success('user alice, token [redacted]') }));
    expect(textOnly.status).toBe('error');
    expect(textOnly.content).toContain(
      'its result has no structuredContent, but Account declares an outputSchema (give the redacted value with ToolResults.structured)',
    );
    expect(JSON.stringify(textOnly.result)).not.toContain(SECRET);
    const mismatched = await run(() => ({ result: ToolResults.structured({ user: 'alice' }) }));
    expect(mismatched.status).toBe('error');
    expect(mismatched.content).toContain(
      "its result's structuredContent does not match the outputSchema of Account",
    );
    const redacted = await run(() => ({
      result: ToolResults.structured({ user: 'alice', token: '[redacted]' }),
    }));
    expect(redacted.status).toBe('success');
    expect(redacted.result.structuredContent).toEqual({ user: 'alice', token: '[redacted]' });
    expect(JSON.stringify(redacted.result)).not.toContain(SECRET);
  });

  it('are checked as an option: each must be a function', () => {
    expect(() => executorWith([42 as never])).toThrow(
      'ToolExecutor: postToolHooks[0] must be a function; got integer 42.',
    );
  });
});
