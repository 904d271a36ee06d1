import { Agent, type Tool } from '@openai/agents';
import { PermissionPolicy } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { expectTypeOf, it } from 'vitest';
import { type AgentsFunctionTool, toOpenAiAgentsTools } from './index.js';

it("is accepted by an Agent's tools as written, beside Agents JS's own tools", () => {
  const tools = toOpenAiAgentsTools({
    registry: new ToolRegistry(),
    runner: { permissions: new PermissionPolicy({ workspaceRoot: '/' }), sessionId: 's', workspaceRoot: '/' },
  });
  new Agent({ name: 'assistant', tools });
  const mixed: Tool[] = [...tools];
  expectTypeOf(tools).toEqualTypeOf<AgentsFunctionTool[]>();
  expectTypeOf(mixed).toEqualTypeOf<Tool[]>();
});
