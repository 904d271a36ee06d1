import type { FileHandle } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { writeFileAtomically } from './atomic-write.js';
import { judgedRealPath, openJudgedFile, PathChangedError } from './verified-open.js';
import { displayPath, resolveWorkspacePath } from './workspace-paths.js';

const EditParameters = Type.Object({
  file_path: ToolSchemas.filePath(),
  old_string: Type.String({
    minLength: 1,
    description: 'Exact text to replace; must be unique unless replace_all.',
  }),
  new_string: Type.String({ description: 'Replacement text.' }),
  replace_all: Type.Optional(Type.Boolean({ description: 'Replace every occurrence (default false).' })),
});

/**
 * Edit: replace an exact string in a file. A read-modify-write, so two edits of one file must
 * never interleave: the tool is not concurrency-safe, which makes the executor hold a per-path
 * lock, while `parallelism: 'shared'` still lets edits of different files run together.
 */
export function createEditTool(workspaceRoot: string): Tool {
  return createTool({
    name: 'Edit',
    kind: ToolKind.Write,
    schema: EditParameters,
    description: {
      short: 'Replace an exact string in a file.',
      usageNotes: 'old_string must match exactly once unless replace_all is true.',
    },
    strict: true,
    isConcurrencySafe: false,
    parallelism: 'shared',
    isRetrySafe: false,
    category: 'filesystem',
    tags: ['file', 'write'],
    affectedPaths: (params) => [resolveWorkspacePath(workspaceRoot, params.file_path)],
    abstractPermissionRule: (params) => `Edit(${params.file_path})`,
    describeInvocation: (params) => `Edit ${params.file_path}`,
    async execute(params, context) {
      const path = resolveWorkspacePath(workspaceRoot, params.file_path);
      const shown = displayPath(workspaceRoot, path);
      // Read from and written to exactly the file the permission check judged (verified-open.ts).
      const realPath = judgedRealPath(context, path);
      let original: string | undefined;
      try {
        original = await readJudged(realPath, shown);
      } catch (error) {
        if (!(error instanceof PathChangedError)) throw error;
        return { llmContent: error.message, error: { type: 'execution', message: error.message } };
      }
      if (original === undefined) {
        const message = `File not found: ${shown}; use Write to create it.`;
        return { llmContent: message, error: { type: 'not_found', message } };
      }
      const occurrences = original.split(params.old_string).length - 1;
      if (occurrences === 0) {
        const message = `old_string not found in ${shown}; read the file and copy the text exactly.`;
        return { llmContent: message, error: { type: 'execution', message } };
      }
      if (occurrences > 1 && params.replace_all !== true) {
        const message = `old_string occurs ${occurrences} times in ${shown}; add context to make it unique or set replace_all.`;
        return { llmContent: message, error: { type: 'execution', message } };
      }
      const updated =
        params.replace_all === true
          ? original.split(params.old_string).join(params.new_string)
          : original.replace(params.old_string, () => params.new_string);
      try {
        await writeFileAtomically(realPath, updated, shown);
      } catch (error) {
        if (!(error instanceof PathChangedError)) throw error;
        return { llmContent: error.message, error: { type: 'execution', message: error.message } };
      }
      const replaced = params.replace_all === true ? occurrences : 1;
      return {
        llmContent: `Edited ${shown}: ${replaced} replacement${replaced === 1 ? '' : 's'}`,
        metadata: { path: shown, replacements: replaced },
      };
    },
  });
}

/** The text of the judged file, or `undefined` when it does not exist. */
async function readJudged(realPath: string, shown: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await openJudgedFile(realPath, shown);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    // A FIFO or a device has no end to read to; a directory has no text.
    if (!(await handle.stat()).isFile())
      throw new Error(`${shown} is not a regular file; Edit only edits files.`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
