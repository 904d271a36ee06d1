import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';

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
