import { ToolMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import type { Tool } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { LangChainBridgeError } from './langchain-bridge-error.js';
import { fixture } from './test-support/agent-fixture.js';
import { toLangChainTools } from './to-langchain-tools.js';
import type { ToolwrightToolArtifact } from './tool-message-artifact.js';

function refusal(run: () => unknown): { code?: string; message?: string } {
  try {
    run();
  } catch (error) {
    expect(LangChainBridgeError.isInstance(error)).toBe(true);
    return error as LangChainBridgeError;
  }
  throw new Error('expected a refusal');
}

describe('toLangChainTools', () => {
  it('declares what the registry declares now, each with its toolwright projection', () => {
    const { registry, executor } = fixture();
    const tools = toLangChainTools({ registry, executor, target: 'openai-chat' });
    expect(tools.map((tool) => tool.name)).toEqual(['Save', 'Snap', 'ToolSearch']);
    const save = convertToOpenAITool(tools[0] as never);
    const declaration = registry.get('Save')?.getFunctionDeclaration('openai-chat');
    expect(save.function).toEqual({
      name: 'Save',
      description: declaration?.description,
      parameters: declaration?.parameters,
    });
  });

  it('lets LangChain pass bad input through, and returns our repairable message as an error tool message', async () => {
    const { registry, executor, saved } = fixture();
    const [save] = toLangChainTools({ tools: [registry.get('Save') as Tool], executor });
    const message = await save?.invoke({
      name: 'Save',
      args: { path: 'a.md' },
      id: 'call-1',
      type: 'tool_call',
    });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message?.status).toBe('error');
    expect(message?.tool_call_id).toBe('call-1');
    expect(message?.content).toMatch(
      /^Invalid arguments for tool "Save" \(\d problems?\); fix and call again:/,
    );
    expect((message?.artifact as ToolwrightToolArtifact | undefined)?.status).toBe('invalid');
    expect(saved).toEqual([]);
  });

  it('gives a call invoked with plain arguments an id of its own', async () => {
    const { registry, executor } = fixture();
    const [snap] = toLangChainTools({ tools: [registry.get('Snap') as Tool], executor, images: 'reference' });
    const message = await snap?.invoke({ url: 'https://example.com' });
    expect(message?.tool_call_id).toMatch(/^langchain-[0-9a-f-]{36}$/);
    expect(message?.status).toBe('success');
    expect(typeof message?.content).toBe('string');
  });

  it('refuses options it does not know, naming the nearest one', () => {
    const { registry, executor } = fixture();
    expect(refusal(() => toLangChainTools({ registry, exector: executor } as never))).toMatchObject({
      code: 'invalid_option',
      message: expect.stringContaining('did you mean "executor"'),
    });
  });

  it('refuses to run without an executor, and both or neither of registry and tools', () => {
    const { registry, executor } = fixture();
    expect(refusal(() => toLangChainTools({ registry } as never)).message).toContain('executor');
    expect(refusal(() => toLangChainTools({ executor } as never)).message).toContain('got neither');
    expect(refusal(() => toLangChainTools({ executor, registry, tools: [] })).message).toContain('got both');
  });

  it('refuses a list naming a tool twice', () => {
    const { registry, executor } = fixture();
    const save = registry.get('Save') as Tool;
    expect(refusal(() => toLangChainTools({ executor, tools: [save, save] })).code).toBe('duplicate_tool');
  });
});
