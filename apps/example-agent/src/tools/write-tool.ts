import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { writeFileAtomically } from './atomic-write.js';
import { judgedRealPath, PathChangedError } from './verified-open.js';
import { displayPath, resolveWorkspacePath } from './workspace-paths.js';

const WriteParameters = Type.Object({
  file_path: ToolSchemas.filePath(),
  content: Type.String({ description: 'The complete new content of the file.' }),
});

/**
 * Write: create or replace a file. A Write tool, not concurrency-safe and not retry-safe.
 * `parallelism: 'shared'` lets writes to different files run in one batch; because it is not
 * concurrency-safe, the executor still serialises calls on the same `file_path`.
 */
export function createWriteTool(workspaceRoot: string): Tool {
  return createTool({
    name: 'Write',
    kind: ToolKind.Write,
    schema: WriteParameters,
    description: {
      short: 'Create a file or replace its whole content.',
      important: 'Prefer Edit for changes to an existing file.',
    },
    strict: true,
    isConcurrencySafe: false,
    parallelism: 'shared',
    isRetrySafe: false,
    category: 'filesystem',
    tags: ['file', 'write'],
    affectedPaths: (params) => [resolveWorkspacePath(workspaceRoot, params.file_path)],
    abstractPermissionRule: (params) => `Write(${params.file_path})`,
    describeInvocation: (params) => `Write ${params.file_path} (${params.content.length} chars)`,
    async execute(params, context) {
      const path = resolveWorkspacePath(workspaceRoot, params.file_path);
      const shown = displayPath(workspaceRoot, path);
      // Written exactly where the permission check judged, or not at all (see atomic-write.ts).
      try {
        await writeFileAtomically(judgedRealPath(context, path), params.content, shown);
      } catch (error) {
        if (!(error instanceof PathChangedError)) throw error;
        return { llmContent: error.message, error: { type: 'execution', message: error.message } };
      }
      return {
        llmContent: `Wrote ${Buffer.byteLength(params.content)} bytes to ${shown}`,
        metadata: { path: shown },
      };
    },
  });
}
