// Attacks on anything a faster call path might remember between calls: one executor and one
// policy run call after call while the file system changes under them, and every call must be
// judged by where its path really is at that call. Real files and symlinks; nothing mocked.
import { readFileSync, renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { ExecutedCall } from '../executed-call.js';
import { pathAccessOf } from '../paths/path-access.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { ToolExecutor } from '../tool-executor.js';
import { PermissionPolicy } from './permission-policy.js';

/** A Read as agents ship it, and a tool that asks its `pathAccess` about one path (as Grep does per file). */
function executorIn(tree: TempWorkspace): { run(name: string, path: string): Promise<ExecutedCall> } {
  const read = createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ file_path: Type.String() }),
    description: 'Reads a file.',
    isConcurrencySafe: true,
    affectedPaths: (params) => [resolve(tree.workspace, params.file_path)],
    async execute(params) {
      return ToolResults.success(readFileSync(resolve(tree.workspace, params.file_path), 'utf8'));
    },
  });
  const probe = createTool({
    name: 'Probe',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ file_path: Type.String() }),
    description: 'Asks its path access about one file under the workspace.',
    affectedPaths: () => [tree.workspace],
    async execute(params, context) {
      const access = pathAccessOf(context);
      const path = resolve(tree.workspace, params.file_path);
      // What a search does with a refused file: leaves it out and says why.
      return ToolResults.success(
        access?.canRead(path) === true ? 'readable' : `refused: ${access?.summary() ?? 'no path access'}`,
      );
    },
  });
  const executor = new ToolExecutor({
    lookup: (name) => (name === 'Read' ? read : name === 'Probe' ? probe : undefined),
    permissions: new PermissionPolicy({ workspaceRoot: tree.workspace, deny: ['Read(secrets/**)'] }),
    sessionId: 'between-calls',
    workspaceRoot: tree.workspace,
  });
  let counter = 0;
  return {
    async run(name, path) {
      counter += 1;
      const [executed] = await executor.executeBatch([
        { id: String(counter), name, arguments: { file_path: path } },
      ]);
      return executed as ExecutedCall;
    },
  };
}

/** `allowed`, or `refused: <why>`: a refused Read is denied; a refused path of a search is left out. */
async function outcome(
  calls: { run(name: string, path: string): Promise<ExecutedCall> },
  name: string,
  path: string,
): Promise<string> {
  const executed = await calls.run(name, path);
  if (executed.status === 'denied' || executed.content.startsWith('refused: ')) {
    return `refused: ${executed.content.replace(/^refused: /, '')}`;
  }
  return executed.status === 'success' ? 'allowed' : `${executed.status}: ${executed.content}`;
}

describe('every call is judged by where its path is at that call', () => {
  for (const tool of ['Read', 'Probe']) {
    it(`${tool}: a symlink swapped to outside the workspace between two calls is refused at the second`, async () => {
      const tree = makeTempWorkspace();
      tree.file('notes.txt', 'notes');
      tree.symlink('link.txt', tree.path('notes.txt'));
      const calls = executorIn(tree);
      expect(await outcome(calls, tool, 'link.txt')).toBe('allowed');
      unlinkSync(tree.path('link.txt'));
      symlinkSync(join(tree.home, '.bashrc'), tree.path('link.txt'));
      expect(await outcome(calls, tool, 'link.txt')).toMatch(/^refused: .*outside the workspace/);
      unlinkSync(tree.path('link.txt'));
      symlinkSync(tree.path('notes.txt'), tree.path('link.txt'));
      expect(await outcome(calls, tool, 'link.txt')).toBe('allowed');
    });

    it(`${tool}: a directory replaced by a symlink to outside is refused at the next call`, async () => {
      const tree = makeTempWorkspace();
      tree.file('docs/guide.txt', 'inside');
      tree.file('../outside-docs/guide.txt', 'outside');
      const calls = executorIn(tree);
      expect(await outcome(calls, tool, 'docs/guide.txt')).toBe('allowed');
      rmSync(tree.path('docs'), { recursive: true });
      tree.symlink('docs', join(tree.root, 'outside-docs'));
      expect(await outcome(calls, tool, 'docs/guide.txt')).toMatch(/^refused: .*outside the workspace/);
    });

    it(`${tool}: a file whose parent directory becomes a symlink to outside is refused at the next call`, async () => {
      const tree = makeTempWorkspace();
      tree.file('sub/deep/file.txt', 'inside');
      tree.file('../elsewhere/deep/file.txt', 'outside');
      const calls = executorIn(tree);
      expect(await outcome(calls, tool, 'sub/deep/file.txt')).toBe('allowed');
      renameSync(tree.path('sub'), tree.path('old-sub'));
      tree.symlink('sub', join(tree.root, 'elsewhere'));
      expect(await outcome(calls, tool, 'sub/deep/file.txt')).toMatch(/^refused: .*outside the workspace/);
      // And the grandparent: a link higher up is followed too.
      unlinkSync(tree.path('sub'));
      renameSync(tree.path('old-sub'), tree.path('sub'));
      expect(await outcome(calls, tool, 'sub/deep/file.txt')).toBe('allowed');
    });

    it(`${tool}: every spelling of a denied file is denied, call after call, between allowed calls`, async () => {
      const tree = makeTempWorkspace();
      tree.file('secrets/token.txt', 'secret');
      tree.file('readme.txt', 'hello');
      tree.symlink('alias', tree.path('secrets'));
      const calls = executorIn(tree);
      const spellings = [
        'secrets/token.txt',
        './secrets/token.txt',
        'secrets//token.txt',
        'secrets/./token.txt',
        'x/../secrets/token.txt',
        'SECRETS/token.txt',
        'alias/token.txt',
        `${tree.workspace}//secrets/token.txt`,
      ];
      for (let round = 0; round < 2; round += 1) {
        for (const spelling of spellings) {
          expect(await outcome(calls, tool, 'readme.txt'), spelling).toBe('allowed');
          expect(await outcome(calls, tool, spelling), spelling).toMatch(/^refused: /);
        }
      }
    });
  }
});
