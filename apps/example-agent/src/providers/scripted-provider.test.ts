import type { FunctionDeclaration } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from './model-provider.js';
import { parseScenario } from './scenario.js';
import { ScriptedProvider } from './scripted-provider.js';

const scenario = parseScenario(
  {
    name: 'unit',
    turns: [
      {
        text: 'first',
        expectTools: ['Read'],
        toolCalls: [{ name: 'Read', arguments: { file_path: '{{workspace}}/a.txt' } }],
      },
      { text: 'second', expectResults: [{ call: 0, isError: false, includes: 'hello' }] },
    ],
  },
  'unit.json',
);
const declaration = {
  name: 'Read',
  description: '',
  parameters: {},
  target: 'anthropic',
} as FunctionDeclaration;

function afterFirstTurn(content: string, isError: boolean): ConversationMessage[] {
  return [
    { role: 'user', text: 'go' },
    { role: 'assistant', text: 'first', toolCalls: [{ id: 'scripted-0-0', name: 'Read', arguments: {} }] },
    { role: 'tool', results: [{ callId: 'scripted-0-0', toolName: 'Read', content, isError }] },
  ];
}

describe('ScriptedProvider', () => {
  it('plays its turns in order, substituting {{placeholders}} in arguments', async () => {
    const provider = new ScriptedProvider({ scenario, variables: { workspace: '/tmp/ws' } });
    const first = await provider.send({
      system: '',
      messages: [{ role: 'user', text: 'go' }],
      tools: [declaration],
    });
    expect(first.toolCalls).toEqual([
      { id: 'scripted-0-0', name: 'Read', arguments: { file_path: '/tmp/ws/a.txt' } },
    ]);
    const second = await provider.send({
      system: '',
      messages: afterFirstTurn('1\thello', false),
      tools: [declaration],
    });
    expect(second).toEqual({ text: 'second', toolCalls: [] });
  });

  it('fails with scenario_diverged when a real result is not what the scenario expects', async () => {
    const provider = new ScriptedProvider({ scenario });
    await expect(
      provider.send({
        system: '',
        messages: afterFirstTurn('File not found: a.txt', true),
        tools: [declaration],
      }),
    ).rejects.toMatchObject({
      code: 'scenario_diverged',
      message: expect.stringContaining(
        'turn 2: expected call 0 (Read) to succeed; it returned: File not found: a.txt',
      ),
    });
  });

  it('fails when a tool it expects is not declared', async () => {
    const provider = new ScriptedProvider({ scenario });
    await expect(
      provider.send({ system: '', messages: [{ role: 'user', text: 'go' }], tools: [] }),
    ).rejects.toThrow(/expected tool Read to be declared/);
  });

  it('rejects an invalid scenario file naming the source and the key', () => {
    expect(() => parseScenario({ name: 'x', turns: [{ toolCalls: [] }] }, 'bad.json')).toThrow(
      /bad\.json[\s\S]*\/turns\/0\/text/,
    );
  });
});
