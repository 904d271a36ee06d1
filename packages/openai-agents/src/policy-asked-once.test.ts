import { Agent, run } from '@openai/agents';
import { type PermissionChecker, PermissionPolicy } from '@toolwright/executor';
import { makeTempDir } from '@toolwright/test-support';
import { afterEach, expect, it } from 'vitest';
import { loopbackModel, recordingWriteTool } from './test-support/fixture-tools.js';
import { type ResponsesServer, startResponsesServer } from './test-support/responses-server.js';
import { toOpenAiAgentsTools } from './to-openai-agents-tools.js';

let server: ResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A real policy, counting the calls it judges. */
function countingPolicy(workspace: string, rules: { ask?: string[] } = {}) {
  const policy = new PermissionPolicy({
    workspaceRoot: workspace,
    allow: ['Write(**)'],
    ask: rules.ask ?? [],
  });
  const judged: unknown[] = [];
  const permissions: PermissionChecker = {
    decide: (request) => {
      judged.push(request.invocation.params);
      return policy.decide(request);
    },
  };
  return { permissions, judged };
}

it("asks the policy once a call: needsApproval's judgement is the executor's permission check", async () => {
  const workspace = makeTempDir('toolwright-openai-agents');
  const write = recordingWriteTool(workspace);
  const { permissions, judged } = countingPolicy(workspace);
  server = await startResponsesServer([
    {
      calls: [
        { id: 'c1', name: 'Write', arguments: { file_path: 'a.md', content: 'a' } },
        { id: 'c2', name: 'Write', arguments: { file_path: 'b.md', content: 'b' } },
      ],
    },
    { text: 'Done.' },
  ]);
  const tools = toOpenAiAgentsTools({
    tools: [write.tool],
    runner: { permissions, sessionId: 'agents', workspaceRoot: workspace },
  });
  const agent = new Agent({ name: 'assistant', model: loopbackModel(server.baseURL), tools });
  const result = await run(agent, 'Write both.');

  expect(result.finalOutput).toBe('Done.');
  expect(write.writes).toEqual([
    { file_path: 'a.md', content: 'a' },
    { file_path: 'b.md', content: 'b' },
  ]);
  expect(judged).toEqual([
    { file_path: 'a.md', content: 'a' },
    { file_path: 'b.md', content: 'b' },
  ]);
});

it('judges an approved call again when it runs, after the interruption', async () => {
  const workspace = makeTempDir('toolwright-openai-agents');
  const write = recordingWriteTool(workspace);
  const { permissions, judged } = countingPolicy(workspace, { ask: ['Write(plan.md)'] });
  server = await startResponsesServer([
    { calls: [{ id: 'c1', name: 'Write', arguments: { file_path: 'plan.md', content: 'ship it' } }] },
    { text: 'Done.' },
  ]);
  const tools = toOpenAiAgentsTools({
    tools: [write.tool],
    runner: { permissions, sessionId: 'agents', workspaceRoot: workspace },
  });
  const agent = new Agent({ name: 'assistant', model: loopbackModel(server.baseURL), tools });
  const first = await run(agent, 'Write the plan.');
  expect(judged).toHaveLength(1);
  for (const item of first.interruptions) first.state.approve(item);
  const resumed = await run(agent, first.state);

  expect(resumed.finalOutput).toBe('Done.');
  expect(write.writes).toEqual([{ file_path: 'plan.md', content: 'ship it' }]);
  expect(judged).toHaveLength(2);
});
