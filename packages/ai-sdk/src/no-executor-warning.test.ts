import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { makeTempDir } from '@toolwright/test-support';
import { asSchema } from 'ai';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BridgedTool } from './bridged-tool.js';
import { memoryReadTool } from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import type { ToolwrightToolOutput } from './tool-output.js';

// This file runs in its own module instance: the warning is once per process, and nothing
// before these tests ran a call.

const warnings: Error[] = [];
const listen = (warning: Error) => warnings.push(warning);
beforeEach(() => process.on('warning', listen));
afterEach(() => void process.off('warning', listen));

/** Runs a bridged tool as the SDK does: its schema's validation, then execute with the value. */
async function call(tool: BridgedTool | undefined, input: unknown): Promise<ToolwrightToolOutput> {
  const validated = await asSchema(tool!.inputSchema).validate?.(input);
  if (validated?.success !== true) throw validated?.error ?? new Error('no validation');
  return (await tool!.execute!(validated.value, { toolCallId: 'call-1' })) as ToolwrightToolOutput;
}

/** The warnings of the bridge, once the process has delivered them (emitWarning is asynchronous). */
async function bridgeWarnings(): Promise<Array<Error & { code?: string }>> {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings.filter(
    (warning) => (warning as { code?: string }).code === 'TOOLWRIGHT_AI_SDK_NO_EXECUTOR',
  );
}

it('warns once per process when a call first runs without an executor, never for calls an executor runs', async () => {
  const workspace = makeTempDir('toolwright-ai-sdk');
  const { tool: read } = memoryReadTool({ 'a.txt': 'alpha' });
  const executor = new ToolExecutor({
    lookup: (name) => (name === 'Read' ? read : undefined),
    permissions: new PermissionPolicy({ workspaceRoot: workspace }),
    sessionId: 'warning',
    workspaceRoot: workspace,
  });
  const checked = toAiSdkTools({ tools: [read], executor });
  expect((await call(checked.Read, { file_path: 'a.txt' })).status).toBe('success');
  expect(await bridgeWarnings()).toEqual([]);

  const unchecked = toAiSdkTools({ tools: [read], workspaceRoot: workspace });
  expect((await call(unchecked.Read, { file_path: 'a.txt' })).status).toBe('success');
  const [warning, ...more] = await bridgeWarnings();
  expect(more).toEqual([]);
  expect(warning?.name).toBe('Warning');
  expect(warning?.message).toContain('@toolwright/ai-sdk ran "Read" without an executor');
  expect(warning?.message).toContain('no permission policy, approval, hooks or spill');
  expect(warning?.message).toContain('--disable-warning=TOOLWRIGHT_AI_SDK_NO_EXECUTOR');

  // Another call, another tool set: still one warning in this process.
  await call(unchecked.Read, { file_path: 'a.txt' });
  await call(toAiSdkTools({ tools: [read], workspaceRoot: workspace }).Read, { file_path: 'a.txt' });
  expect(await bridgeWarnings()).toHaveLength(1);
});
