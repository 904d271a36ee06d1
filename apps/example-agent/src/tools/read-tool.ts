import type { FileHandle } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, type ToolResult } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { readLineWindow } from './read-line-window.js';
import { judgedRealPath, openJudgedFile, PathChangedError } from './verified-open.js';
import { displayPath, resolveWorkspacePath } from './workspace-paths.js';

const DEFAULT_LINE_LIMIT = 2000;
/** Past this size Read refuses: the model should Grep such a file, not page through it. */
const MAX_READ_BYTES = 20 * 1024 * 1024;
/** Longer lines are cut with a marker: one minified line must not flood the context. */
const MAX_LINE_CHARACTERS = 2000;

const ReadParameters = Type.Object({
  file_path: ToolSchemas.filePath(),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: '1-based line to start reading from.' })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100_000,
      description: `Lines to read (default ${DEFAULT_LINE_LIMIT}).`,
    }),
  ),
});

/**
 * Read: a file's lines, numbered like `cat -n`. ReadOnly, concurrency-safe and retry-safe (a
 * read can be replayed after a transient error without changing anything).
 */
export function createReadTool(workspaceRoot: string): Tool {
  return createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    schema: ReadParameters,
    description: {
      short: 'Read a text file from the workspace, with line numbers.',
      usageNotes:
        'Use offset and limit for long files. Paths are absolute or relative to the workspace root.',
    },
    strict: true,
    isConcurrencySafe: true,
    isRetrySafe: true,
    category: 'filesystem',
    tags: ['file', 'read'],
    affectedPaths: (params) => [resolveWorkspacePath(workspaceRoot, params.file_path)],
    abstractPermissionRule: (params) => `Read(${params.file_path})`,
    describeInvocation: (params) => `Read ${params.file_path}`,
    async execute(params, context) {
      const path = resolveWorkspacePath(workspaceRoot, params.file_path);
      const shown = displayPath(workspaceRoot, path);
      // The file the permission check judged, opened without following links and verified, so
      // that a link swapped since the check cannot hand over another file (see verified-open.ts).
      let handle: FileHandle;
      try {
        handle = await openJudgedFile(judgedRealPath(context, path), shown);
      } catch (error) {
        if (error instanceof PathChangedError) {
          return { llmContent: error.message, error: { type: 'execution', message: error.message } };
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return {
            llmContent: `File not found: ${shown}`,
            error: { type: 'not_found', message: `File not found: ${shown}` },
          };
        }
        throw error; // EBUSY, EMFILE...: let the executor decide whether to retry
      }
      try {
        return await readOpened(handle, shown, params, context.signal);
      } finally {
        await handle.close();
      }
    },
  });
}

/** Read's answer for the file open as `handle`. */
async function readOpened(
  handle: FileHandle,
  shown: string,
  params: { readonly offset?: number; readonly limit?: number },
  signal: AbortSignal,
): Promise<ToolResult> {
  const info = await handle.stat();
  if (info.isDirectory()) {
    const message = `${shown} is a directory; use Glob to list files.`;
    return { llmContent: message, error: { type: 'execution', message } };
  }
  if (!info.isFile()) {
    // A FIFO or a device has no end a read could wait for (/dev/zero, a pipe nobody writes).
    const message = `${shown} is not a regular file (a pipe, socket or device); Read only reads files.`;
    return { llmContent: message, error: { type: 'execution', message } };
  }
  if (info.size > MAX_READ_BYTES) {
    const message = `${shown} is ${(info.size / 1024 / 1024).toFixed(1)} MiB; Read accepts files up to ${MAX_READ_BYTES / 1024 / 1024} MiB. Use Grep to find the lines you need.`;
    return { llmContent: message, error: { type: 'resource_exhausted', message } };
  }
  const start = (params.offset ?? 1) - 1;
  const window = await readLineWindow(handle, {
    start,
    limit: params.limit ?? DEFAULT_LINE_LIMIT,
    maxBytes: MAX_READ_BYTES,
    signal,
  });
  if (window.binary) {
    return {
      llmContent: `${shown} is a binary file (${info.size} bytes); not shown as text.`,
      metadata: { path: shown, binary: true, byteLength: info.size },
    };
  }
  const { lines: selected, totalLines } = window;
  const width = String(start + selected.length).length;
  const numbered = selected.map((line, index) => {
    const text =
      line.length > MAX_LINE_CHARACTERS ? `${line.slice(0, MAX_LINE_CHARACTERS)}… [line cut]` : line;
    return `${String(start + index + 1).padStart(width, ' ')}\t${text}`;
  });
  const remaining = totalLines - start - selected.length;
  if (remaining > 0)
    numbered.push(`… ${remaining} more lines; continue with offset ${start + selected.length + 1}`);
  return {
    llmContent: numbered.length === 0 ? `${shown} is empty.` : numbered.join('\n'),
    display: `Read ${shown} (${selected.length} of ${totalLines} lines)`,
    metadata: { path: shown, totalLines, linesShown: selected.length },
  };
}
