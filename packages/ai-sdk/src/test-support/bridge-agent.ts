import { PermissionPolicy, ToolExecutor, type ToolExecutorOptions } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import {
  type ChatCompletionsServer,
  type ScriptedTurn,
  startChatCompletionsServer,
} from '@toolwright/test-support/openai-compatible-server';
import { afterEach } from 'vitest';
import { createIssueTool, memoryReadTool, recordingWriteTool } from './fixture-tools.js';

// What the agent-loop tests of both AI SDK majors (src/ for ai 6, ai-v7/ for ai 7) run against:
// one setup, so the two lines test the bridge over the same tools and rules.

/**
 * A workspace, a registry with Read (over `notes.md`), Write and a deferred MCP tool
 * (`mcp__tracker__create_issue`), its permission policy (Write and the tracker allowed; `ask` and
 * `deny` rules added), and `executor()` over them.
 */
export function bridgeAgentSetup(options: { notes?: string; ask?: string[]; deny?: string[] } = {}) {
  const workspace = makeTempDir('toolwright-ai-sdk');
  const read = memoryReadTool({ 'notes.md': options.notes ?? 'line 1\nline 2\nline 3\nline 4' });
  const write = recordingWriteTool(workspace);
  const issue = createIssueTool();
  const registry = new ToolRegistry();
  registry.register(read.tool);
  registry.register(write.tool);
  registry.replaceTools('mcp:tracker', [issue.tool]);
  const permissions = new PermissionPolicy({
    workspaceRoot: workspace,
    allow: ['Write(**)', 'mcp__tracker__*'],
    ask: options.ask ?? [],
    deny: options.deny ?? [],
  });
  const executor = (extra: Partial<ToolExecutorOptions> = {}): ToolExecutor =>
    new ToolExecutor({
      lookup: (name) => registry.get(name),
      deferred: registry.deferred,
      permissions,
      sessionId: 'test',
      workspaceRoot: workspace,
      ...extra,
    });
  return { workspace, read, write, issue, registry, permissions, executor };
}

/** Starts a scripted chat-completions server for the running test; each is closed after its test. */
export function scriptedServerPerTest(): (script: readonly ScriptedTurn[]) => Promise<ChatCompletionsServer> {
  let server: ChatCompletionsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (script) => {
    server = await startChatCompletionsServer(script);
    return server;
  };
}

/** The tool message that answers approval `approvalId` (its shape is the same in AI SDK 6 and 7). */
export function approvalAnswer(approvalId: string, approved: boolean, reason?: string) {
  return {
    role: 'tool' as const,
    content: [
      {
        type: 'tool-approval-response' as const,
        approvalId,
        approved,
        ...(reason === undefined ? {} : { reason }),
      },
    ],
  };
}
