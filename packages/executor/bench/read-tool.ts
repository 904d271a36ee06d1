import { writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { PermissionPolicy, type ToolCallRequest, ToolExecutor } from '@toolwright/executor';

/** A Read as agents ship it: stat, read, number the lines. The work the executor's share is measured against. */
export function createBenchReadTool(workspaceRoot: string): Tool {
  return createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({
      file_path: Type.String({ minLength: 1 }),
      offset: Type.Optional(Type.Integer({ minimum: 1 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, default: 2000 })),
    }),
    description: 'Reads a text file with line numbers.',
    isConcurrencySafe: true,
    isRetrySafe: true,
    affectedPaths: (params) => [resolve(workspaceRoot, params.file_path)],
    async execute(params, context) {
      const path = resolve(workspaceRoot, params.file_path);
      const info = await stat(path);
      if (!info.isFile()) return { llmContent: `${params.file_path} is not a file` };
      const text = await readFile(path, { encoding: 'utf8', signal: context.signal });
      const start = (params.offset ?? 1) - 1;
      const lines = text.split('\n').slice(start, start + (params.limit ?? 2000));
      return { llmContent: lines.map((line, index) => `${start + index + 1}\t${line}`).join('\n') };
    },
  });
}

/** The small Read the benches time: a 20-line file in `root`. */
export const SMALL_READ: ToolCallRequest = { id: '1', name: 'Read', arguments: { file_path: 'small.txt' } };

/**
 * An executor over the bench Read in `root`, where it writes the small file, under a policy with
 * a deny and an allow rule to check: the whole path a host's call takes.
 */
export function createBenchReadExecutor(root: string): { executor: ToolExecutor; read: Tool } {
  writeFileSync(join(root, 'small.txt'), 'line of text\n'.repeat(20));
  const read = createBenchReadTool(root);
  const executor = new ToolExecutor({
    lookup: (name) => (name === 'Read' ? read : undefined),
    permissions: new PermissionPolicy({
      workspaceRoot: root,
      deny: ['Read(secrets/**)'],
      allow: ['Read(src/**)'],
    }),
    sessionId: 'bench',
    workspaceRoot: root,
  });
  return { executor, read };
}
