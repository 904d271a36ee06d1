import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { ApprovalHandler } from './executed-call.js';
import type { PermissionChecker } from './executor-options.js';
import { judgedPathsOf } from './paths/judged-paths.js';
import { PermissionPolicy, type PermissionRequest } from './permission/permission-policy.js';
import { makeTempWorkspace } from './test-support/temp-workspace.js';
import { lookupOf } from './test-support/tools.js';
import { ToolCallRunner } from './tool-call-runner.js';

/**
 * A real policy over a real workspace, counting how often it is asked, and a Read that opens the
 * real path the judgement resolved (what `judgedPaths` is for).
 */
function setup(options: { hooks?: boolean; mode?: () => 'default' | 'plan' } = {}) {
  const tree = makeTempWorkspace();
  tree.file('notes.md', 'the notes');
  tree.file('plan.md', 'the plan');
  const policy = new PermissionPolicy({
    workspaceRoot: tree.workspace,
    allow: ['Read'],
    ask: ['Read(plan.md)'],
    deny: ['Read(secret.md)'],
  });
  const asked: PermissionRequest[] = [];
  const permissions: PermissionChecker = {
    decide: (request) => {
      asked.push(request);
      return policy.decide(request);
    },
  };
  const approvals: Array<Parameters<ApprovalHandler>[0]> = [];
  const contexts: ExecutionContext[] = [];
  const read = createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    schema: Type.Object({ file_path: Type.String() }),
    description: 'Reads a file.',
    affectedPaths: (params) => [resolve(tree.workspace, params.file_path)],
    execute: async (params, context) => {
      contexts.push(context);
      const real = judgedPathsOf(context)?.realPathOf(resolve(tree.workspace, params.file_path));
      return ToolResults.success(readFileSync(real ?? params.file_path, 'utf8'));
    },
  });
  const runner = new ToolCallRunner({
    lookup: lookupOf([read]),
    permissions,
    sessionId: 'judgement-test',
    workspaceRoot: tree.workspace,
    approve: async (request) => {
      approvals.push(request);
      return true;
    },
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.hooks === true ? { hooks: [() => undefined] } : {}),
  });
  return { tree, asked, approvals, contexts, runner, read };
}

const readCall = (file: string, id = 'call-1') => ({ id, name: 'Read', arguments: { file_path: file } });

describe('ToolCallRunner.judge, and a judgement handed to run()', () => {
  it("is the call's permission check: the policy is asked once, and the tool opens the path it judged", async () => {
    const { tree, asked, contexts, runner } = setup();
    const judgement = await runner.judge(readCall('notes.md'));
    expect(judgement.behavior).toBe('allow');
    const executed = await runner.run(readCall('notes.md'), { judgement });
    expect(executed).toMatchObject({ status: 'success', content: 'the notes' });
    expect(asked).toHaveLength(1);
    const path = tree.path('notes.md');
    expect(judgedPathsOf(contexts[0] ?? {})?.realPathOf(path)).toBe(path);
  });

  it('is taken once: a second run with it judges the call again', async () => {
    const { asked, runner } = setup();
    const judgement = await runner.judge(readCall('notes.md'));
    await runner.run(readCall('notes.md'), { judgement });
    await runner.run(readCall('notes.md'), { judgement });
    expect(asked).toHaveLength(2);
  });

  it('is not taken for other arguments under the same call id: those are judged, and denied', async () => {
    const { asked, runner } = setup();
    const judgement = await runner.judge(readCall('notes.md'));
    const executed = await runner.run(readCall('secret.md'), { judgement });
    expect(executed.status).toBe('denied');
    expect(executed.content).toContain('Read(secret.md)');
    expect(asked.map((request) => request.invocation.params)).toEqual([
      { file_path: 'notes.md' },
      { file_path: 'secret.md' },
    ]);
  });

  it('is not taken for another call id, nor after the mode changed', async () => {
    let mode: 'default' | 'plan' = 'default';
    const { asked, runner } = setup({ mode: () => mode });
    const judgement = await runner.judge(readCall('notes.md', 'call-1'));
    await runner.run(readCall('notes.md', 'call-2'), { judgement });
    expect(asked).toHaveLength(2);
    const another = await runner.judge(readCall('notes.md'));
    mode = 'plan';
    await runner.run(readCall('notes.md'), { judgement: another });
    expect(asked).toHaveLength(4);
    expect(asked[3]?.mode).toBe('plan');
  });

  it("is no check of another runner's policy: a judgement from a lenient runner is judged again, and denied", async () => {
    const { tree, runner: strict, read } = setup();
    const lenient = new ToolCallRunner({
      lookup: lookupOf([read]),
      permissions: { decide: () => ({ behavior: 'allow', reason: 'anything goes' }) },
      sessionId: 'lenient',
      workspaceRoot: tree.workspace,
    });
    tree.file('secret.md', 'the secret');
    const judgement = await lenient.judge(readCall('secret.md'));
    expect(judgement.behavior).toBe('allow');
    const executed = await strict.run(readCall('secret.md'), { judgement });
    expect(executed.status).toBe('denied');
    expect(executed.content).toContain('Read(secret.md)');
  });

  it('is not taken with pre-tool hooks, which may change what the policy would see', async () => {
    const { asked, runner } = setup({ hooks: true });
    const judgement = await runner.judge(readCall('notes.md'));
    await runner.run(readCall('notes.md'), { judgement });
    expect(asked).toHaveLength(2);
  });

  it('says ask, and an ask is judged again when the call runs, then put to the approval handler', async () => {
    const { asked, approvals, runner } = setup();
    const judgement = await runner.judge(readCall('plan.md'));
    expect(judgement.behavior).toBe('ask');
    expect(approvals).toEqual([]);
    const executed = await runner.run(readCall('plan.md'), { judgement });
    expect(executed).toMatchObject({ status: 'success', content: 'the plan' });
    expect(asked).toHaveLength(2);
    expect(approvals).toHaveLength(1);
  });

  it('takes a deny as the check: the call is refused in the policy words without asking again', async () => {
    const { asked, contexts, runner } = setup();
    const judgement = await runner.judge(readCall('secret.md'));
    expect(judgement.behavior).toBe('deny');
    const executed = await runner.run(readCall('secret.md'), { judgement });
    expect(executed.status).toBe('denied');
    expect(executed.content).toContain('Read(secret.md)');
    expect(asked).toHaveLength(1);
    expect(contexts).toEqual([]);
  });

  it('does not judge a call it cannot build, nor an unknown tool; the run answers those', async () => {
    const { asked, runner } = setup();
    expect(runner.judge({ id: 'call-1', name: 'Read', arguments: { file_path: 3 } })).toEqual({
      behavior: undefined,
    });
    expect(runner.judge({ id: 'call-1', name: 'Raed', arguments: {} })).toEqual({ behavior: undefined });
    expect(asked).toEqual([]);
    const invalid = await runner.run({ id: 'call-1', name: 'Read', arguments: { file_path: 3 } });
    expect(invalid.status).toBe('invalid');
  });
});
