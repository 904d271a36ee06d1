import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

// What AI SDK 7 hands a tool's execute besides what 6 does: the tool's `toolsContext` entry
// (`context`) and, for its per-tool timeout, a signal aborted with a `TimeoutError`. Called here
// as the SDK calls them, so these run on every Node; ai-v7/ runs them through ai 7 itself.

const whoami = createTool({
  name: 'Whoami',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Names the tenant.',
  execute: async (_params, context) =>
    ToolResults.success(`tenant ${String(context.tenant)} in ${context.sessionId}`),
});

const hang = createTool({
  name: 'Hang',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Runs until it is stopped.',
  execute: (_params, context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener('abort', () => reject(new Error('stopped')));
    }),
});

describe('a tool context (AI SDK 7 toolsContext)', () => {
  const tools = toAiSdkTools({ tools: [whoami], sessionId: 'ctx', contextFields: { tenant: 'default' } });

  it("joins the execution context over the set's own fields, and cannot replace the context's own", async () => {
    const output = await tools.Whoami?.execute(
      {},
      { toolCallId: 'c1', context: { tenant: 'acme', sessionId: 'forged' } },
    );
    expect(output?.text).toBe('tenant acme in ctx');
    expect((await tools.Whoami?.execute({}, { toolCallId: 'c2' }))?.text).toBe('tenant default in ctx');
  });

  it('is checked by the contextSchema: an object or nothing; anything else is refused, naming the tool', () => {
    const validate = tools.Whoami?.contextSchema['~standard'].validate;
    expect(validate?.({ tenant: 'acme' })).toEqual({ value: { tenant: 'acme' } });
    expect(validate?.(undefined)).toEqual({ value: undefined });
    expect(validate?.('acme')).toEqual({
      issues: [
        {
          message:
            "toolsContext.Whoami is a string; a toolwright tool's context is an object of execution-context fields, or nothing.",
        },
      ],
    });
    expect(validate?.([1])).toMatchObject({ issues: [{ message: expect.stringContaining('is an array') }] });
  });
});

describe("the AI SDK's per-tool timeout", () => {
  const tools = toAiSdkTools({ tools: [hang] });

  it('ends a call as a timeout the model reads when the signal is aborted with a TimeoutError', async () => {
    const output = await tools.Hang?.execute({}, { toolCallId: 'c1', abortSignal: AbortSignal.timeout(20) });
    expect(output).toMatchObject({ status: 'timeout', error: { type: 'timeout' } });
    expect(output?.text).toContain('timeout.tools.HangMs');
  });

  it("keeps a user's abort an abort", async () => {
    const controller = new AbortController();
    const running = tools.Hang?.execute({}, { toolCallId: 'c2', abortSignal: controller.signal });
    controller.abort();
    expect(await running).toMatchObject({ status: 'aborted', error: { type: 'aborted' } });
  });
});
