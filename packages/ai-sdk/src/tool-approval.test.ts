import { PermissionPolicy } from '@toolwright/executor';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { memoryReadTool, recordingWriteTool } from './test-support/fixture-tools.js';
import { createToolApproval, OUTSTANDING_GRANTS } from './tool-approval.js';

function setup() {
  const workspace = makeTempDir('toolwright-ai-sdk-approval');
  const tools = [memoryReadTool({}).tool, recordingWriteTool(workspace).tool];
  const permissions = new PermissionPolicy({
    workspaceRoot: workspace,
    allow: ['Read(**)'],
    ask: ['Write(**)'],
  });
  return { tools, permissions, approval: createToolApproval({ tools, permissions }) };
}

const write = (toolCallId: string) => ({
  toolCallId,
  toolName: 'Write',
  input: { file_path: 'a.md', content: 'x' },
});

/** The messages of a run resumed with the user's answer to approval `a1` of call `callId`. */
function answered(callId: string, approved: boolean): unknown[] {
  return [
    { role: 'user', content: 'Write it.' },
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: callId, toolName: 'Write', input: {} },
        { type: 'tool-approval-request', approvalId: 'a1', toolCallId: callId },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'a1', approved }] },
  ];
}

describe('createToolApproval', () => {
  it("asks the user where the policy asks, with the policy's reason; otherwise leaves the call to the executor", async () => {
    const { approval } = setup();
    const asked = await approval.toolApproval({ toolCall: write('c1'), messages: [] });
    expect(asked).toMatchObject({ type: 'user-approval', reason: expect.stringContaining('Write(**)') });
    const read = { toolCallId: 'c2', toolName: 'Read', input: { file_path: 'a.md' } };
    expect(await approval.toolApproval({ toolCall: read, messages: [] })).toBe('not-applicable');
    // Not a toolwright tool, and input toolwright refuses: the executor (or the SDK) answers them.
    expect(await approval.toolApproval({ toolCall: { ...read, toolName: 'clock' }, messages: [] })).toBe(
      'not-applicable',
    );
    expect(
      await approval.toolApproval({ toolCall: { ...write('c3'), input: { path: 1 } }, messages: [] }),
    ).toBe('not-applicable');
  });

  it('grants in the executor exactly the call the user approved, once', async () => {
    const { approval } = setup();
    const invocation = {} as never;
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c1' })).toBe(false);
    await approval.toolApproval({ toolCall: write('c1'), messages: answered('c1', true) });
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c2' })).toBe(false);
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c1' })).toBe(true);
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c1' })).toBe(false);
  });

  it('grants nothing for a denied answer, nor for an approval of another call', async () => {
    const { approval } = setup();
    const invocation = {} as never;
    await approval.toolApproval({ toolCall: write('c1'), messages: answered('c1', false) });
    await approval.toolApproval({ toolCall: write('c2'), messages: answered('c9', true) });
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c1' })).toBe(false);
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c2' })).toBe(false);
  });

  it('keeps at most OUTSTANDING_GRANTS approvals the executor never asked about: the oldest is declined', async () => {
    const { approval } = setup();
    const invocation = {} as never;
    for (let index = 0; index <= OUTSTANDING_GRANTS; index += 1)
      await approval.toolApproval({ toolCall: write(`c${index}`), messages: answered(`c${index}`, true) });
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c0' })).toBe(false);
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: 'c1' })).toBe(true);
    expect(await approval.approve({ invocation, reason: 'asks', toolCallId: `c${OUTSTANDING_GRANTS}` })).toBe(
      true,
    );
  });

  it('refuses wrong options, saying what is accepted', () => {
    const { tools, permissions } = setup();
    expect(() => createToolApproval({ tools } as never)).toThrow(/permissions/);
    expect(() => createToolApproval({ tools, permissions: {} as never })).toThrow(
      /createToolApproval: permissions .*PermissionPolicy/,
    );
    expect(() => createToolApproval({ permissions })).toThrow(
      'createToolApproval: give exactly one of registry (a ToolRegistry) and tools (a list of tools); got neither.',
    );
    expect(() => createToolApproval({ tools, permissions, mdoe: 'plan' } as never)).toThrow(/mode/);
  });
});
