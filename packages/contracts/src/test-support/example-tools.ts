// Real example tools used by the tests and shown in the README. Each one demonstrates a rule of
// the contract with real files, not mocks.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool } from '../create-tool.js';
import { ToolKind } from '../tool-kind.js';
import { ToolResults } from '../tool-results.js';

/**
 * A Read-like file reader: ReadOnly, safe to run side by side and safe to retry (reading twice
 * gives the same answer and changes nothing). Paths are resolved against the workspace root.
 */
export const readFileTool = createTool({
  name: 'Read',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  isRetrySafe: true,
  schema: Type.Object({
    file_path: Type.String({
      minLength: 1,
      description: 'Path of the file, absolute or relative to the workspace.',
    }),
    offset: Type.Optional(
      Type.Integer({ minimum: 1, default: 1, description: 'First line to read (1-based).' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 2000, description: 'How many lines to read.' })),
  }),
  description: {
    short: 'Reads a UTF-8 text file and returns its lines.',
    long: 'Returns at most `limit` lines starting at line `offset`, each prefixed with its number.',
    usageNotes: 'Read a file before editing it. Use Glob to find files first.',
    examples: ['{"file_path": "src/index.ts"}', '{"file_path": "README.md", "offset": 40, "limit": 20}'],
    important: "Never guess a file's content; read it.",
  },
  affectedPaths: (params) => [params.file_path],
  extractSignatureContent: (params) => params.file_path,
  abstractPermissionRule: (params) => `Read(${dirname(params.file_path)}/**)`,
  describeInvocation: (params) => `Read ${params.file_path}`,
  async execute(params, context) {
    const path = isAbsolute(params.file_path)
      ? params.file_path
      : resolve(context.workspaceRoot, params.file_path);
    let text: string;
    try {
      text = await readFile(path, { encoding: 'utf8', signal: context.signal });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return ToolResults.notFound(`No file at ${path}.`);
      }
      throw error;
    }
    const offset = params.offset ?? 1;
    const lines = text.split('\n').slice(offset - 1, offset - 1 + (params.limit ?? 2000));
    return ToolResults.success(lines.map((line, index) => `${offset + index}\t${line}`).join('\n'));
  },
});

/** A task as the file-backed task list stores it. */
export interface StoredTask {
  readonly id: number;
  readonly title: string;
  readonly priority: 'low' | 'normal' | 'high';
}

/**
 * TaskCreate over a JSON file: ReadOnly (planning is allowed in Plan mode) yet it changes
 * persistent state, so a retry would create a second task. It leaves `isRetrySafe` out: the
 * fail-closed default keeps it from being replayed.
 */
export function createTaskCreateTool(storeFile: string) {
  return createTool({
    name: 'TaskCreate',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({
      title: Type.String({ minLength: 1 }),
      priority: Type.Optional(
        Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], {
          default: 'normal',
        }),
      ),
    }),
    description: {
      short: 'Adds a task to the session task list.',
      important: 'Each call adds a new task, even with the same title.',
    },
    async execute(params) {
      const tasks = await readTasks(storeFile);
      const task: StoredTask = {
        id: tasks.length + 1,
        title: params.title,
        priority: params.priority ?? 'normal',
      };
      await writeFile(storeFile, JSON.stringify([...tasks, task]));
      return ToolResults.success(`Created task #${task.id}: ${task.title}`, {
        metadata: { taskId: task.id },
      });
    },
  });
}

/** Reads the task list a {@link createTaskCreateTool} tool keeps (empty when the file is missing). */
export async function readTasks(storeFile: string): Promise<StoredTask[]> {
  try {
    return JSON.parse(await readFile(storeFile, 'utf8')) as StoredTask[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return [];
    }
    throw error;
  }
}

/**
 * A Write-like tool whose calls may share a batch (`parallelism: 'shared'`: writes to different
 * files do not conflict) but which is not concurrency-safe: an executor still locks the same
 * path and never pre-starts it while the model streams.
 */
export const writeFileTool = createTool({
  name: 'Write',
  kind: ToolKind.Write,
  parallelism: 'shared',
  schema: Type.Object({ file_path: Type.String({ minLength: 1 }), content: Type.String() }),
  description: 'Writes a UTF-8 text file, replacing its content.',
  affectedPaths: (params) => [params.file_path],
  extractSignatureContent: (params) => params.file_path,
  async execute(params, context) {
    const path = isAbsolute(params.file_path)
      ? params.file_path
      : resolve(context.workspaceRoot, params.file_path);
    await writeFile(path, params.content, { signal: context.signal });
    return ToolResults.success(`Wrote ${params.content.length} characters to ${path}.`);
  },
});

/** The least a tool needs besides its kind: spread it and add `kind` (and what the test is about). */
export const minimalConfig = {
  name: 'Probe',
  schema: Type.Object({ value: Type.Optional(Type.String()) }),
  description: 'A probe.',
  execute: async () => ToolResults.success('ok'),
};
