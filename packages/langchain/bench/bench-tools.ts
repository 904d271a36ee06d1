import { tool } from '@langchain/core/tools';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { z } from 'zod';

/** The same small Read-like tool twice: toolwright (TypeBox) and LangChain's own `tool()` (Zod). */
export const toolwrightRead = createTool({
  name: 'Read',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  isRetrySafe: true,
  schema: Type.Object({
    file_path: Type.String({ minLength: 1 }),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  description: 'Reads a UTF-8 text file.',
  execute: async (params) => ToolResults.success(`read ${params.file_path} (${params.limit ?? 2000} lines)`),
});

export const nativeRead = tool(async (params) => `read ${params.file_path} (${params.limit ?? 2000} lines)`, {
  name: 'Read',
  description: 'Reads a UTF-8 text file.',
  schema: z.object({ file_path: z.string().min(1), limit: z.number().int().min(1).optional() }),
});

/** An executor whose policy allows the Read (the bridge needs one; a native tool has no policy). */
export function allowingExecutor(): ToolExecutor {
  return new ToolExecutor({
    lookup: (name) => (name === 'Read' ? toolwrightRead : undefined),
    permissions: new PermissionPolicy({ workspaceRoot: process.cwd(), allow: ['Read'] }),
    sessionId: 'bench',
    workspaceRoot: process.cwd(),
  });
}
