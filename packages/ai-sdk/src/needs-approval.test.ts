import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { approvalAnswer, bridgeAgentSetup, scriptedServerPerTest } from './test-support/bridge-agent.js';
import { scriptedModel } from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import { createToolApproval } from './tool-approval.js';

// AI SDK 6 has no `toolApproval`: `toAiSdkTools({ approval })` sets each tool's `needsApproval`
// from the permission policy. These run the SDK's own loop against a loopback chat server.

const serve = scriptedServerPerTest();

/** One ai 6 run that stops at Write's approval request, and a way to resume it with an answer. */
async function askToWrite() {
  const setup = bridgeAgentSetup({ ask: ['Write(drafts/**)'] });
  const approval = createToolApproval({ registry: setup.registry, permissions: setup.permissions });
  const executor = setup.executor({ approve: approval.approve });
  const chat = await serve([
    {
      toolCalls: [
        { id: 'c1', name: 'Write', arguments: { file_path: 'drafts/a.md', content: 'hi' } },
        { id: 'c2', name: 'Write', arguments: { file_path: 'notes/b.md', content: 'ok' } },
      ],
    },
    { text: 'Done.' },
  ]);
  const prompt: ModelMessage[] = [{ role: 'user', content: 'Write the draft and the note.' }];
  const settings = {
    model: scriptedModel(chat.baseURL),
    tools: toAiSdkTools({ registry: setup.registry, executor, approval }),
    stopWhen: stepCountIs(3),
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

describe('toAiSdkTools({ approval }) with AI SDK 6', () => {
  it('stops at the call the policy asks about; the call it allows runs', async () => {
    const { setup, chat, first, request } = await askToWrite();
    expect(request).toMatchObject({ toolCall: { toolCallId: 'c1', toolName: 'Write' } });
    expect(first.content.filter((part) => part.type === 'tool-approval-request')).toHaveLength(1);
    expect(setup.write.writes).toEqual([{ file_path: 'notes/b.md', content: 'ok' }]);
    expect(chat.requests).toHaveLength(1);
  });

  it('runs exactly the approved call through the executor once the user approves, and the run goes on', async () => {
    const { setup, chat, resume } = await askToWrite();
    const resumed = await resume(true);
    expect(setup.write.writes).toEqual([
      { file_path: 'notes/b.md', content: 'ok' },
      { file_path: 'drafts/a.md', content: 'hi' },
    ]);
    expect(resumed.text).toBe('Done.');
    expect(chat.toolMessages(1).get('c1')).toBe('wrote drafts/a.md');
  });

  it('never runs a denied call: the model reads the denial', async () => {
    const { setup, chat, resume } = await askToWrite();
    const resumed = await resume(false);
    expect(setup.write.writes).toEqual([{ file_path: 'notes/b.md', content: 'ok' }]);
    expect(resumed.text).toBe('Done.');
    expect(chat.toolMessages(1).get('c1')).toContain('Not in drafts today.');
  });

  it('declines in the executor a call that asks when the tool set has no approval', async () => {
    const setup = bridgeAgentSetup({ ask: ['Write(drafts/**)'] });
    const approval = createToolApproval({ registry: setup.registry, permissions: setup.permissions });
    const chat = await serve([
      { toolCalls: [{ id: 'c9', name: 'Write', arguments: { file_path: 'drafts/b.md', content: 'x' } }] },
      { text: 'Refused.' },
    ]);
    const result = await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({
        registry: setup.registry,
        executor: setup.executor({ approve: approval.approve }),
      }),
      stopWhen: stepCountIs(3),
      prompt: 'Write.',
    });
    expect(setup.write.writes).toEqual([]);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ status: 'denied' });
  });

  it('refuses an approval not made by createToolApproval, and one without an executor', () => {
    const setup = bridgeAgentSetup();
    const approval = createToolApproval({ registry: setup.registry, permissions: setup.permissions });
    expect(() =>
      toAiSdkTools({
        registry: setup.registry,
        executor: setup.executor(),
        approval: { toolApproval: approval.toolApproval, approve: approval.approve },
      }),
    ).toThrow(/toAiSdkTools: approval .*the object createToolApproval returned/);
    expect(() => toAiSdkTools({ registry: setup.registry, approval })).toThrow(
      /approval needs an executor.*approve: approval\.approve/,
    );
  });
});
