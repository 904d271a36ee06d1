import { renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { ToolExecutor } from '../tool-executor.js';
import { judgedPathsOf, recordJudgedPaths } from './judged-paths.js';
import { resolveRealPath } from './real-path.js';

const tree = (): TempWorkspace => makeTempWorkspace();

/** Points the symlink at `target` by renaming a fresh link over it, as a racer would. */
function repoint(link: string, target: string): void {
  symlinkSync(target, `${link}.next`);
  renameSync(`${link}.next`, link);
}

describe('recordJudgedPaths', () => {
  it('resolves each path once while recording, and gives that answer to the tool', () => {
    const workspace = tree();
    const inside = workspace.dir('inside');
    const other = workspace.dir('other');
    const link = workspace.symlink('link', inside);
    const { value, judged } = recordJudgedPaths(() => {
      const first = resolveRealPath(join(link, 'file.txt'));
      repoint(link, other);
      return [first, resolveRealPath(join(link, 'file.txt'))];
    });
    expect(value).toEqual([join(inside, 'file.txt'), join(inside, 'file.txt')]);
    expect(judged.realPathOf(join(link, 'file.txt'))).toBe(join(inside, 'file.txt'));
    expect(judged.realPathOf(join(link, 'never-resolved.txt'))).toBeUndefined();
    // Outside a recording nothing is pinned: the link's present target counts.
    expect(resolveRealPath(join(link, 'file.txt'))).toBe(join(other, 'file.txt'));
  });

  it('stops recording when the decision throws', () => {
    const workspace = tree();
    const link = workspace.symlink('link', workspace.dir('inside'));
    expect(() =>
      recordJudgedPaths(() => {
        resolveRealPath(link);
        throw new Error('policy failed');
      }),
    ).toThrow('policy failed');
    repoint(link, workspace.dir('other'));
    expect(resolveRealPath(link)).toBe(join(workspace.workspace, 'other'));
  });
});

describe('judgedPaths in the execution context', () => {
  it('names where the policy judged the path, not where it leads when the tool runs', async () => {
    const workspace = tree();
    const inside = workspace.dir('inside');
    const link = workspace.symlink('link', inside);
    let seen: string | undefined;
    const probe = createTool({
      name: 'Probe',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'test: reports the judged real path of link/file.txt',
      affectedPaths: () => [join(link, 'file.txt')],
      execute: async (_params, context) => {
        seen = judgedPathsOf(context)?.realPathOf(join(link, 'file.txt'));
        return { llmContent: 'ok' };
      },
    });
    const executor = new ToolExecutor({
      lookup: () => probe,
      // The racer's move, after the paths were judged and before the tool runs.
      permissions: new PermissionPolicy({
        workspaceRoot: workspace.workspace,
        needsApproval: {
          Probe: async () => {
            repoint(link, workspace.home);
            return false;
          },
        },
      }),
      sessionId: 'judged',
      workspaceRoot: workspace.workspace,
    });
    const [result] = await executor.executeBatch([{ id: '1', name: 'Probe', arguments: {} }]);
    expect(result?.status).toBe('success');
    expect(seen).toBe(join(inside, 'file.txt'));
    expect(resolveRealPath(join(link, 'file.txt'))).toBe(join(workspace.home, 'file.txt'));
  });

  it('is absent from a context that carries none', () => {
    expect(judgedPathsOf({})).toBeUndefined();
    expect(judgedPathsOf({ judgedPaths: { realPathOf: 'not a function' } })).toBeUndefined();
  });
});
