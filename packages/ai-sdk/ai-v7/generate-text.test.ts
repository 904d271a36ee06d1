import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { PermissionPolicy, ToolExecutor, type ToolExecutorOptions } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import { asSchema, generateText, isStepCount, type ModelMessage, streamText } from 'ai-v7';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createPrepareStep } from '../src/active-tools.js';
import { approvalAnswer, bridgeAgentSetup, scriptedServerPerTest } from '../src/test-support/bridge-agent.js';
import { ONE_PIXEL_PNG, screenshotTool } from '../src/test-support/fixture-tools.js';
import { toAiSdkTools } from '../src/to-ai-sdk-tools.js';
import { createToolApproval } from '../src/tool-approval.js';
import type { ToolwrightToolOutput } from '../src/tool-output.js';
import { describeAiSdk7, scriptedModel7 } from './ai-v7-support.js';

const serve = scriptedServerPerTest();

/** The shared setup with the three-line notes these tests read. */
function agentSetup(options: { ask?: string[] } = {}) {
  return bridgeAgentSetup({ ...options, notes: 'line 1\nline 2\nline 3' });
}

function executorOf(setup: ReturnType<typeof agentSetup>, extra: Partial<ToolExecutorOptions> = {}) {
  return setup.executor(extra);
}

describeAiSdk7('generateText with the bridge', () => {
  it('loads a deferred tool with ToolSearch, declares it in the next step, then runs it', async () => {
    const setup = agentSetup();
    const chat = await serve([
      {
        toolCalls: [
          { id: 'c1', name: 'ToolSearch', arguments: { query: 'select:mcp__tracker__create_issue' } },
        ],
      },
      { toolCalls: [{ id: 'c2', name: 'mcp__tracker__create_issue', arguments: { title: 'Flaky test' } }] },
      { text: 'Filed it.' },
    ]);
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ registry: setup.registry, executor: executorOf(setup) }),
      prepareStep: createPrepareStep({ registry: setup.registry }),
      stopWhen: isStepCount(5),
      prompt: 'File an issue about the flaky test.',
    });
    expect(result.text).toBe('Filed it.');
    expect(chat.declaredTools(0)).toEqual(['Read', 'ToolSearch', 'Write']);
    expect(chat.declaredTools(1)).toEqual(['Read', 'ToolSearch', 'Write', 'mcp__tracker__create_issue']);
    expect(setup.issue.created).toEqual([{ title: 'Flaky test' }]);
    expect(chat.toolMessages(2).get('c2')).toBe('created issue {"title":"Flaky test"}');
  });

  it("sends the model toolwright's repairable message alone for bad input, and the repaired call runs", async () => {
    const setup = agentSetup();
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Read', arguments: { path: 'notes.md' } }] },
      { toolCalls: [{ id: 'c2', name: 'Read', arguments: { file_path: 'notes.md', limit: '1' } }] },
      { text: 'Read it.' },
    ]);
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ registry: setup.registry, executor: executorOf(setup) }),
      stopWhen: isStepCount(5),
      prompt: 'Read the notes.',
    });
    expect(result.text).toBe('Read it.');
    const repair = chat.toolMessages(1).get('c1') ?? '';
    // AI SDK 7 words the cause with toString(): the bridge's error keeps it to toolwright's words.
    expect(repair).toMatch(
      /Invalid input for tool Read: Invalid arguments for tool "Read" \(2 problems\); fix and call again:/,
    );
    expect(repair).toContain('(code: validation_failed)');
    expect(repair).not.toContain('AI_TypeValidationError');
    expect(setup.read.calls).toEqual([{ file_path: 'notes.md', limit: 1 }]);
    expect(chat.toolMessages(2).get('c2')).toBe('line 1');
  });

  it("runs refineToolInput's input through toolwright again: a refinement that breaks it reaches the model as a tool error", async () => {
    const setup = agentSetup();
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Read', arguments: { file_path: './notes.md' } }] },
      { toolCalls: [{ id: 'c2', name: 'Read', arguments: { file_path: './' } }] },
      { text: 'done' },
    ]);
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ registry: setup.registry, executor: executorOf(setup) }),
      // The host's own normalisation, after toolwright validated (and coerced) the model's input.
      experimental_refineToolInput: {
        Read: (input) => {
          const { file_path, ...rest } = input as { file_path: string };
          return { ...rest, file_path: file_path.replace(/^\.\//, '') };
        },
      },
      stopWhen: isStepCount(5),
      prompt: 'Read the notes.',
    });
    expect(result.text).toBe('done');
    expect(setup.read.calls).toEqual([{ file_path: 'notes.md' }]);
    expect(chat.toolMessages(1).get('c1')).toBe('line 1\nline 2\nline 3');
    // "./" refined to "": the executor validates what runs, and the model reads why, as an error.
    const refused = result.steps[1]?.toolResults[0]?.output as ToolwrightToolOutput;
    expect(refused).toMatchObject({ status: 'invalid', error: { type: 'validation' } });
    expect(chat.toolMessages(2).get('c2')).toMatch(/Invalid arguments for tool "Read".*\n- \/file_path: /);
    const toolMessage = result.steps[1]?.response.messages.find((message) => message.role === 'tool');
    expect(JSON.stringify(toolMessage?.content)).toContain('"type":"error-text"');
  });

  it('ends a call at its AI SDK per-tool timeout as a timeout the model reads; other tools keep theirs', async () => {
    const stopped: string[] = [];
    const slow = createTool({
      name: 'Slow',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Runs until it is stopped.',
      execute: (_params, context) =>
        new Promise((_resolve, reject) => {
          context.signal.addEventListener('abort', () => {
            stopped.push(String((context.signal.reason as Error).name));
            reject(new Error('stopped'));
          });
        }),
    });
    const quick = createTool({
      name: 'Quick',
      kind: ToolKind.ReadOnly,
      isConcurrencySafe: true,
      schema: Type.Object({}),
      description: 'Answers at once.',
      execute: async () => ToolResults.success('quick answer'),
    });
    const chat = await serve([
      {
        toolCalls: [
          { id: 'c1', name: 'Slow', arguments: {} },
          { id: 'c2', name: 'Quick', arguments: {} },
        ],
      },
      { text: 'Slow timed out.' },
    ]);
    const started = Date.now();
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ tools: [slow, quick] }),
      timeout: { tools: { SlowMs: 100 } },
      stopWhen: isStepCount(3),
      prompt: 'Run both.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stopped).toEqual(['TimeoutError']);
    const outputs = result.steps[0]?.toolResults.map((part) => part.output as ToolwrightToolOutput);
    expect(outputs?.[0]).toMatchObject({ status: 'timeout', error: { type: 'timeout' } });
    expect(outputs?.[1]).toMatchObject({ status: 'success', text: 'quick answer' });
    expect(chat.toolMessages(1).get('c1')).toBe(
      'The tool call "Slow" timed out: the AI SDK\'s tool timeout (timeout.toolMs or timeout.tools.SlowMs) ended it before it finished.',
    );
  });

  it("gives a tool its toolsContext entry as execution-context fields, over the executor's own", async () => {
    const whoami = createTool({
      name: 'Whoami',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Names the tenant.',
      execute: async (_params, context) =>
        ToolResults.success(`tenant ${String(context.tenant)}, session ${context.sessionId}`),
    });
    const registry = new ToolRegistry();
    registry.register(whoami);
    const workspace = makeTempDir('toolwright-ai-sdk-7');
    const executor = new ToolExecutor({
      lookup: (name) => registry.get(name),
      permissions: new PermissionPolicy({ workspaceRoot: workspace, allow: ['Whoami'] }),
      sessionId: 'tenant-test',
      workspaceRoot: workspace,
      contextFields: { tenant: 'default' },
    });
    // Typed fields: the SDK's types then offer toolsContext (required, as the fields are).
    const tools = toAiSdkTools<{ tenant?: string; sessionId?: string }>({ registry, executor });
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Whoami', arguments: {} }] },
      { text: 'acme' },
      { toolCalls: [{ id: 'c2', name: 'Whoami', arguments: {} }] },
      { text: 'default' },
      { toolCalls: [{ id: 'c3', name: 'Whoami', arguments: {} }] },
    ]);
    await generateText({
      model: scriptedModel7(chat.baseURL),
      tools,
      toolsContext: { Whoami: { tenant: 'acme', sessionId: 'forged' } },
      stopWhen: isStepCount(3),
      prompt: 'Who am I?',
    });
    expect(chat.toolMessages(1).get('c1')).toBe('tenant acme, session tenant-test');
    await generateText({
      model: scriptedModel7(chat.baseURL),
      tools,
      stopWhen: isStepCount(3),
      prompt: 'And now?',
    });
    expect(chat.toolMessages(3).get('c2')).toBe('tenant default, session tenant-test');

    // A context that is no object is the host's mistake: the run stops, naming the tool.
    const wrong = generateText({
      model: scriptedModel7(chat.baseURL),
      tools,
      toolsContext: { Whoami: 'acme' as never },
      stopWhen: isStepCount(3),
      prompt: 'Who?',
    });
    await expect(wrong).rejects.toMatchObject({
      cause: {
        code: 'invalid_tool_context',
        message: expect.stringContaining('toolsContext.Whoami is a string'),
      },
    });
  });

  it('sends an image result as image content of the tool result', async () => {
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Screenshot', arguments: { url: 'https://example.com' } }] },
      { text: 'A blank page.' },
    ]);
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ tools: [screenshotTool] }),
      stopWhen: isStepCount(3),
      prompt: 'What does the page look like?',
    });
    const toolMessage = result.steps[0]?.response.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toEqual([
      expect.objectContaining({
        type: 'tool-result',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'screenshot of https://example.com\n[image image/png, 70 B, not stored]' },
            // The form both majors' types accept; AI SDK 7 reads it (and notes once that its own
            // newer form is `file`).
            { type: 'image-data', data: ONE_PIXEL_PNG, mediaType: 'image/png' },
          ],
        },
      }),
    ]);
    expect(chat.toolMessages(1).get('c1')).toContain(ONE_PIXEL_PNG);
  });

  it("passes a tool's output schema through: the SDK reads it, and the output carries structuredContent", async () => {
    const forecast = createTool({
      name: 'Forecast',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ city: Type.String() }),
      outputSchema: z.object({ city: z.string(), celsius: z.number() }),
      description: 'Forecasts the weather of a city.',
      execute: async ({ city }) => ToolResults.structured({ city, celsius: 21.5 }),
    });
    const tools = toAiSdkTools({ tools: [forecast] });
    const declared = await asSchema(tools.Forecast?.outputSchema).jsonSchema;
    expect(declared).toMatchObject({
      properties: { structuredContent: { type: 'object', required: ['city', 'celsius'] } },
    });
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Forecast', arguments: { city: 'Oslo' } }] },
      { text: 'Mild.' },
    ]);
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools,
      stopWhen: isStepCount(3),
      prompt: 'Weather in Oslo?',
    });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      status: 'success',
      structuredContent: { city: 'Oslo', celsius: 21.5 },
    });
    expect(chat.toolMessages(1).get('c1')).toBe('{"city":"Oslo","celsius":21.5}');
  });

  it('streams a run with streamText: a call through the executor and the final text', async () => {
    const setup = agentSetup();
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Read', arguments: { file_path: 'notes.md', limit: 2 } }] },
      { text: 'Two lines.' },
    ]);
    const result = streamText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ registry: setup.registry, executor: executorOf(setup) }),
      prepareStep: createPrepareStep({ registry: setup.registry }),
      stopWhen: isStepCount(3),
      prompt: 'Read two lines.',
    });
    expect(await result.text).toBe('Two lines.');
    expect(chat.requests[0]?.body.stream).toBe(true);
    expect(chat.toolMessages(1).get('c1')).toBe('line 1\nline 2');
  });
});

describeAiSdk7('toolwright approvals as toolApproval', () => {
  /** One run that stops at Write's approval request, and the messages to resume it with. */
  async function askToWrite(via: 'toolApproval' | 'needsApproval' = 'toolApproval') {
    const setup = agentSetup({ ask: ['Write(drafts/**)'] });
    const approval = createToolApproval({ registry: setup.registry, permissions: setup.permissions });
    const executor = executorOf(setup, { approve: approval.approve });
    const tools = toAiSdkTools({
      registry: setup.registry,
      executor,
      ...(via === 'needsApproval' ? { approval } : {}),
    });
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Write', arguments: { file_path: 'drafts/a.md', content: 'hi' } }] },
      { text: 'Done.' },
    ]);
    const prompt: ModelMessage[] = [{ role: 'user', content: 'Write the draft.' }];
    const settings = {
      model: scriptedModel7(chat.baseURL),
      tools,
      ...(via === 'toolApproval' ? { toolApproval: approval.toolApproval } : {}),
      stopWhen: isStepCount(3),
    };
    const first = await generateText({ ...settings, messages: prompt });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    const answer = (approved: boolean): ModelMessage[] => [
      ...prompt,
      ...first.response.messages,
      approvalAnswer(request?.approvalId ?? '', approved, approved ? undefined : 'Not in drafts today.'),
    ];
    return {
      setup,
      chat,
      first,
      request,
      resume: (approved: boolean) => generateText({ ...settings, messages: answer(approved) }),
    };
  }

  it("stops at the policy's ask with the policy's reason, and nothing runs", async () => {
    const { setup, chat, first, request } = await askToWrite();
    expect(request).toMatchObject({ toolCall: { toolCallId: 'c1', toolName: 'Write' } });
    expect(request?.reason).toContain('Write(drafts/**)');
    expect(setup.write.writes).toEqual([]);
    expect(chat.requests).toHaveLength(1);
    expect(first.text).toBe('');
  });

  it('runs exactly the approved call through the executor once the user approves, and the run goes on', async () => {
    const { setup, chat, resume } = await askToWrite();
    const resumed = await resume(true);
    expect(setup.write.writes).toEqual([{ file_path: 'drafts/a.md', content: 'hi' }]);
    expect(resumed.text).toBe('Done.');
    expect(chat.toolMessages(1).get('c1')).toBe('wrote drafts/a.md');
  });

  it('never runs a denied call: the model reads the denial', async () => {
    const { setup, chat, resume } = await askToWrite();
    const resumed = await resume(false);
    expect(setup.write.writes).toEqual([]);
    expect(resumed.text).toBe('Done.');
    expect(chat.toolMessages(1).get('c1')).toContain('Not in drafts today.');
  });

  it("also asks through each tool's needsApproval, given toAiSdkTools({ approval }) as for AI SDK 6", async () => {
    const { setup, request, resume } = await askToWrite('needsApproval');
    expect(request).toMatchObject({ toolCall: { toolCallId: 'c1', toolName: 'Write' } });
    expect(setup.write.writes).toEqual([]);
    const resumed = await resume(true);
    expect(setup.write.writes).toEqual([{ file_path: 'drafts/a.md', content: 'hi' }]);
    expect(resumed.text).toBe('Done.');
  });

  it("declines, in the executor, a call that asks but that the SDK's user never approved", async () => {
    const setup = agentSetup({ ask: ['Write(drafts/**)'] });
    const approval = createToolApproval({ registry: setup.registry, permissions: setup.permissions });
    const executor = executorOf(setup, { approve: approval.approve });
    const chat = await serve([
      { toolCalls: [{ id: 'c9', name: 'Write', arguments: { file_path: 'drafts/b.md', content: 'x' } }] },
      { text: 'Refused.' },
    ]);
    // Without toolApproval the SDK runs the call at once: the executor asks, and nobody approved it.
    const result = await generateText({
      model: scriptedModel7(chat.baseURL),
      tools: toAiSdkTools({ registry: setup.registry, executor }),
      stopWhen: isStepCount(3),
      prompt: 'Write.',
    });
    expect(setup.write.writes).toEqual([]);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ status: 'denied' });
  });
});
