import { Agent, RunState, run } from '@openai/agents';
import { PermissionPolicy } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import {
  issueTrackerTool,
  loopbackModel,
  notesReadTool,
  ONE_PIXEL_PNG,
  recordingWriteTool,
  screenshotTool,
} from './test-support/fixture-tools.js';
import {
  type ResponsesServer,
  type ScriptedTurn,
  startResponsesServer,
} from './test-support/responses-server.js';
import { toOpenAiAgentsTools } from './to-openai-agents-tools.js';

let server: ResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: readonly ScriptedTurn[]): Promise<ResponsesServer> {
  server = await startResponsesServer(script);
  return server;
}

/** A registry with Read, Write and a deferred MCP tool, and the bridge's tools over it. */
function setup(rules: { deny?: string[]; ask?: string[] } = {}) {
  const workspace = makeTempDir('toolwright-openai-agents');
  const read = notesReadTool({ 'notes.md': 'line 1\nline 2\nline 3' });
  const write = recordingWriteTool(workspace);
  const issue = issueTrackerTool();
  const registry = new ToolRegistry();
  registry.register(read.tool);
  registry.register(write.tool);
  registry.replaceTools('mcp:issue-tracker', [issue.tool]);
  const permissions = new PermissionPolicy({
    workspaceRoot: workspace,
    allow: ['Write(**)', 'mcp__issue-tracker__*'],
    deny: rules.deny ?? [],
    ask: rules.ask ?? [],
  });
  const tools = () =>
    toOpenAiAgentsTools({ registry, runner: { permissions, sessionId: 'agents', workspaceRoot: workspace } });
  return { read, write, issue, registry, tools };
}

function agentOf(baseURL: string, tools: ReturnType<ReturnType<typeof setup>['tools']>) {
  return new Agent({
    name: 'assistant',
    instructions: 'Use the tools.',
    model: loopbackModel(baseURL),
    tools,
  });
}

describe('the Agents JS run() loop with a registry through the bridge', () => {
  it("sends the model toolwright's repairable message for bad input as the output, and the repaired call runs", async () => {
    const { read, tools } = setup();
    const responses = await serve([
      { calls: [{ id: 'c1', name: 'Read', arguments: { path: 'notes.md', limit: null } }] },
      { calls: [{ id: 'c2', name: 'Read', arguments: { file_path: 'notes.md', limit: null } }] },
      { text: 'Read it.' },
    ]);
    const result = await run(agentOf(responses.baseURL, tools()), 'Read the notes.');

    expect(result.finalOutput).toBe('Read it.');
    const repair = String(responses.callOutputs(1).get('c1'));
    expect(repair).toMatch(/^Invalid arguments for tool "Read"/);
    expect(repair).toContain('file_path');
    expect(repair).toContain('(code: validation_failed)');
    // A strict tool: the null Agents JS passes on for the absent limit is read as absent.
    expect(read.calls).toEqual([{ file_path: 'notes.md' }]);
    expect(responses.callOutputs(2).get('c2')).toBe('line 1\nline 2\nline 3');
  });

  it('declares the strict projection: every property required, the optional one nullable', async () => {
    const { tools } = setup();
    const responses = await serve([{ text: 'Nothing to do.' }]);
    await run(agentOf(responses.baseURL, tools()), 'Hello.');
    const declared = responses.requests[0]?.tools?.find((tool) => tool.name === 'Read');
    expect(declared).toMatchObject({
      strict: true,
      parameters: {
        type: 'object',
        required: ['file_path', 'limit'],
        additionalProperties: false,
        properties: { limit: { type: ['integer', 'null'] } },
      },
    });
  });

  it("gives the model the policy's denial as the output, and the run goes on", async () => {
    const { write, tools } = setup({ deny: ['Write(secrets/**)'] });
    const responses = await serve([
      { calls: [{ id: 'c1', name: 'Write', arguments: { file_path: 'secrets/key.txt', content: 'x' } }] },
      { calls: [{ id: 'c2', name: 'Write', arguments: { file_path: 'notes/todo.md', content: 'y' } }] },
      { text: 'Wrote the todo instead.' },
    ]);
    const result = await run(agentOf(responses.baseURL, tools()), 'Write things.');

    expect(result.finalOutput).toBe('Wrote the todo instead.');
    expect(result.interruptions).toEqual([]);
    expect(String(responses.callOutputs(1).get('c1'))).toContain('Write(secrets/**)');
    expect(write.writes).toEqual([{ file_path: 'notes/todo.md', content: 'y' }]);
  });

  it('declares a deferred MCP tool from the turn after ToolSearch loaded it, under its own name, and runs it', async () => {
    const { issue, tools } = setup();
    const name = 'mcp__issue-tracker__create_issue';
    const responses = await serve([
      { calls: [{ id: 'c1', name: 'ToolSearch', arguments: { query: `select:${name}` } }] },
      { calls: [{ id: 'c2', name, arguments: { title: 'Flaky test', priority: '2' } }] },
      { text: 'Filed it.' },
    ]);
    const result = await run(agentOf(responses.baseURL, tools()), 'File an issue about the flaky test.');

    expect(result.finalOutput).toBe('Filed it.');
    expect(responses.declaredTools(0)).toEqual(['Read', 'ToolSearch', 'Write']);
    expect(responses.declaredTools(1)).toEqual(['Read', 'ToolSearch', 'Write', name]);
    expect(String(responses.callOutputs(1).get('c1'))).toContain(name);
    // The MCP tool's foreign schema, projected; "2" coerced to 2 by toolwright before it ran.
    expect(responses.requests[1]?.tools?.find((tool) => tool.name === name)?.parameters).toMatchObject({
      required: ['title'],
    });
    expect(issue.created).toEqual([{ title: 'Flaky test', priority: 2 }]);
    expect(responses.callOutputs(2).get('c2')).toBe('created issue {"title":"Flaky test","priority":2}');
  });

  it('gotcha: a deferred tool called before ToolSearch loaded it is not offered, so Agents JS decides what the model reads', async () => {
    const { issue, tools } = setup();
    const early = {
      calls: [{ id: 'c1', name: 'mcp__issue-tracker__create_issue', arguments: { title: 'x' } }],
    };
    const responses = await serve([early, early, { text: 'ok' }]);
    // By default Agents JS ends the run on a call of a tool it does not offer ...
    await expect(run(agentOf(responses.baseURL, tools()), 'File it.')).rejects.toThrow(
      'Tool mcp__issue-tracker__create_issue not found in agent assistant.',
    );
    // ... and with toolNotFoundBehavior 'return_error_to_model' the model reads that and goes on.
    const result = await run(agentOf(responses.baseURL, tools()), 'File it.', {
      toolNotFoundBehavior: 'return_error_to_model',
    });
    expect(result.finalOutput).toBe('ok');
    expect(String(responses.callOutputs(2).get('c1'))).toContain('mcp__issue-tracker__create_issue');
    expect(issue.created).toEqual([]);
  });

  it('sends an image result as image content of the function call output', async () => {
    const permissions = new PermissionPolicy({ workspaceRoot: makeTempDir('toolwright-openai-agents') });
    const tools = toOpenAiAgentsTools({
      tools: [screenshotTool],
      runner: { permissions, sessionId: 'agents', workspaceRoot: process.cwd() },
    });
    const responses = await serve([
      { calls: [{ id: 'c1', name: 'Screenshot', arguments: { url: 'https://example.com' } }] },
      { text: 'A blank page.' },
    ]);
    const result = await run(agentOf(responses.baseURL, tools), 'What does the page look like?');

    expect(result.finalOutput).toBe('A blank page.');
    expect(responses.callOutputs(1).get('c1')).toEqual([
      // The text says what the executor says of an image it had no sink to store in.
      { type: 'input_text', text: 'screenshot of https://example.com\n[image image/png, 70 B, not stored]' },
      { type: 'input_image', image_url: `data:image/png;base64,${ONE_PIXEL_PNG}` },
    ]);
  });
});

describe('approvals: the policy asks, Agents JS interrupts, the host answers', () => {
  const script: ScriptedTurn[] = [
    { calls: [{ id: 'c1', name: 'Write', arguments: { file_path: 'plan.md', content: 'ship it' } }] },
    { text: 'Done.' },
  ];

  it('interrupts on ask without running the call, and runs it through the executor once approved', async () => {
    const { write, tools } = setup({ ask: ['Write(plan.md)'] });
    const responses = await serve(script);
    const agent = agentOf(responses.baseURL, tools());
    const first = await run(agent, 'Write the plan.');

    expect(first.interruptions.map((item) => [item.name, item.arguments])).toEqual([
      ['Write', '{"file_path":"plan.md","content":"ship it"}'],
    ]);
    expect(write.writes).toEqual([]);
    expect(responses.requests).toHaveLength(1);

    for (const item of first.interruptions) first.state.approve(item);
    const resumed = await run(agent, first.state);
    expect(resumed.finalOutput).toBe('Done.');
    expect(write.writes).toEqual([{ file_path: 'plan.md', content: 'ship it' }]);
    expect(responses.callOutputs(1).get('c1')).toBe('wrote plan.md');
  });

  it('resumes a serialised run in a fresh bridge (another process): the approval still holds', async () => {
    const { write, tools } = setup({ ask: ['Write(plan.md)'] });
    const responses = await serve(script);
    const first = await run(agentOf(responses.baseURL, tools()), 'Write the plan.');
    const saved = first.state.toString();

    const later = agentOf(responses.baseURL, tools());
    const state = await RunState.fromString(later, saved);
    for (const item of state.getInterruptions()) state.approve(item);
    const resumed = await run(later, state);
    expect(resumed.finalOutput).toBe('Done.');
    expect(write.writes).toEqual([{ file_path: 'plan.md', content: 'ship it' }]);
  });

  it('never runs a rejected call; the model reads the rejection', async () => {
    const { write, tools } = setup({ ask: ['Write(plan.md)'] });
    const responses = await serve(script);
    const agent = agentOf(responses.baseURL, tools());
    const first = await run(agent, 'Write the plan.');
    for (const item of first.interruptions) first.state.reject(item);
    const resumed = await run(agent, first.state);

    expect(resumed.finalOutput).toBe('Done.');
    expect(write.writes).toEqual([]);
    expect(String(responses.callOutputs(1).get('c1'))).not.toBe('wrote plan.md');
  });

  it('does not ask about a call the policy allows', async () => {
    const { write, tools } = setup({ ask: ['Write(plan.md)'] });
    const responses = await serve([
      { calls: [{ id: 'c1', name: 'Write', arguments: { file_path: 'other.md', content: 'x' } }] },
      { text: 'Done.' },
    ]);
    const result = await run(agentOf(responses.baseURL, tools()), 'Write another file.');
    expect(result.interruptions).toEqual([]);
    expect(write.writes).toEqual([{ file_path: 'other.md', content: 'x' }]);
  });
});
