import { ExecutorError, PermissionPolicy } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { OpenAiAgentsBridgeError } from './openai-agents-bridge-error.js';
import {
  issueTrackerTool,
  notesReadTool,
  recordingWriteTool,
  screenshotTool,
} from './test-support/fixture-tools.js';
import { toOpenAiAgentsTools } from './to-openai-agents-tools.js';

const permissions = new PermissionPolicy({ workspaceRoot: process.cwd() });
const runner = { permissions, sessionId: 'agents', workspaceRoot: process.cwd() };

function refusal(options: unknown): OpenAiAgentsBridgeError {
  return thrownBy(() => toOpenAiAgentsTools(options as never), OpenAiAgentsBridgeError);
}

describe('toOpenAiAgentsTools refuses wrong options, naming what is accepted', () => {
  it('a misspelt option, with the nearest name', () => {
    const error = refusal({ tools: [screenshotTool], runner, imagez: 'inline' });
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain('imagez');
    expect(error.message).toContain('images');
  });

  it('neither or both of registry and tools', () => {
    expect(refusal({ runner }).message).toBe(
      'toOpenAiAgentsTools: give exactly one of registry (a ToolRegistry) and tools (a list of tools); got neither.',
    );
    expect(refusal({ runner, tools: [], registry: new ToolRegistry() }).message).toContain('got both');
  });

  it('no runner, or a runner without a permission policy', () => {
    expect(refusal({ tools: [screenshotTool] }).message).toContain('runner');
    const error = refusal({ tools: [screenshotTool], runner: { sessionId: 'agents', workspaceRoot: '/' } });
    expect(error.message).toContain('runner.permissions');
    expect(error.message).toContain('PermissionPolicy');
  });

  it('what the bridge sets itself: lookup, deferred and approve', () => {
    const error = refusal({ tools: [screenshotTool], runner: { ...runner, approve: async () => true } });
    expect(error.message).toBe(
      "toOpenAiAgentsTools: runner.approve is set by the bridge (the tools come from registry or tools, and an approval is Agents JS's state.approve()); leave it out.",
    );
  });

  it('an image delivery it does not know', () => {
    expect(refusal({ tools: [screenshotTool], runner, images: 'base64' }).message).toMatch(
      /images.*inline.*reference/,
    );
  });

  it('a list naming one tool twice, with duplicate_tool', () => {
    const error = refusal({ tools: [screenshotTool, screenshotTool], runner });
    expect(error.code).toBe('duplicate_tool');
    expect(error.message).toContain('"Screenshot"');
  });

  it("leaves the runner's own options to the executor, in its words", () => {
    const error = thrownBy(
      () => toOpenAiAgentsTools({ tools: [screenshotTool], runner: { ...runner, sessionId: 'no spaces' } }),
      ExecutorError,
    );
    expect(error.code).toBe('invalid_session_id');
  });
});

describe('the function tools it makes', () => {
  it('holds every registry tool, deferred ones and ToolSearch included, each enabled while the registry declares it', async () => {
    const registry = new ToolRegistry();
    registry.register(notesReadTool({}).tool);
    const issue = issueTrackerTool().tool;
    registry.replaceTools('mcp:issue-tracker', [issue]);
    const tools = toOpenAiAgentsTools({ registry, runner });
    expect(tools.map((tool) => tool.name).sort()).toEqual(['Read', 'ToolSearch', issue.name]);
    const enabled = async () => {
      const names: string[] = [];
      for (const tool of tools)
        if (await tool.isEnabled({ isToolApproved: () => undefined }, {})) names.push(tool.name);
      return names.sort();
    };
    expect(await enabled()).toEqual(['Read', 'ToolSearch']);
    registry.deferred.markLoaded([issue.name]);
    expect(await enabled()).toEqual(['Read', 'ToolSearch', issue.name]);
  });

  it('in Plan mode enables ReadOnly tools only', async () => {
    const registry = new ToolRegistry();
    registry.register(notesReadTool({}).tool);
    registry.register(recordingWriteTool(process.cwd()).tool);
    const tools = toOpenAiAgentsTools({ registry, runner: { ...runner, mode: () => 'plan' } });
    const enabled = [];
    for (const tool of tools)
      if (await tool.isEnabled({ isToolApproved: () => undefined }, {})) enabled.push(tool.name);
    expect(enabled).toEqual(['Read']);
  });

  it("states each tool's strict flag and declares its Responses projection", () => {
    const [read, screenshot] = toOpenAiAgentsTools({
      tools: [notesReadTool({}).tool, screenshotTool],
      runner,
    });
    expect(read).toMatchObject({ type: 'function', name: 'Read', strict: true });
    expect(read?.parameters.required).toEqual(['file_path', 'limit']);
    expect(screenshot).toMatchObject({ name: 'Screenshot', strict: false });
    expect(screenshot?.parameters).toEqual(
      screenshotTool.getFunctionDeclaration('openai-responses').parameters,
    );
  });
});
