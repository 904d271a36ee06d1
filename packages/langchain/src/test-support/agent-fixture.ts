import { ChatOpenAI } from '@langchain/openai';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { type ApprovalHandler, PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import { compileJsonSchema } from '@toolwright/validation';

/** The 1x1 transparent PNG, base64. */
export const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The real OpenAI provider client of LangChain, pointed at the loopback server. */
export function loopbackModel(baseURL: string): ChatOpenAI {
  return new ChatOpenAI({ model: 'scripted', apiKey: 'test-key', configuration: { baseURL }, maxRetries: 0 });
}

/**
 * A registry of three tools — Save (writes a note, asks unless allowed), Snap (a caption and an
 * image) and an MCP tool deferred until ToolSearch loads it — and an executor over it, whose
 * policy allows the MCP server's tools, asks about `ask` and refuses `deny`.
 */
export function fixture(options: { ask?: string[]; deny?: string[]; approve?: ApprovalHandler } = {}) {
  const workspace = makeTempDir('toolwright-langchain');
  const saved: unknown[] = [];
  const filed: unknown[] = [];
  const registry = new ToolRegistry();
  registry.register(
    createTool({
      name: 'Save',
      kind: ToolKind.Write,
      schema: Type.Object({ file_path: Type.String({ minLength: 1 }), text: Type.String() }),
      description: 'Saves a note.',
      affectedPaths: (params) => [`${workspace}/${params.file_path}`],
      execute: async (params) => {
        saved.push(params);
        return ToolResults.success(`saved ${params.file_path}`);
      },
    }),
  );
  registry.register(
    createTool({
      name: 'Snap',
      kind: ToolKind.ReadOnly,
      isConcurrencySafe: true,
      schema: Type.Object({ url: Type.String() }),
      description: 'Takes a screenshot of a page.',
      execute: async (params) =>
        ToolResults.success([
          { type: 'text', text: `screenshot of ${params.url}` },
          { type: 'image', mimeType: 'image/png', data: PIXEL },
        ]),
    }),
  );
  registry.replaceTools('mcp:tracker', [
    createTool({
      name: 'mcp__tracker__file_bug',
      kind: ToolKind.Execute,
      schema: compileJsonSchema({
        type: 'object',
        properties: { title: { type: 'string' }, priority: { type: 'integer' } },
        required: ['title'],
        additionalProperties: false,
      }),
      description: 'Files a bug in the tracker.',
      source: { type: 'mcp', server: 'tracker', toolName: 'file_bug', fingerprint: 'sha256:1' },
      execute: async (params) => {
        filed.push(params);
        return ToolResults.success(`filed ${JSON.stringify(params)}`);
      },
    }),
  ]);
  const executor = new ToolExecutor({
    lookup: (name) => registry.get(name),
    deferred: registry.deferred,
    permissions: new PermissionPolicy({
      workspaceRoot: workspace,
      allow: ['mcp__tracker__*'],
      ask: options.ask ?? [],
      deny: options.deny ?? [],
    }),
    ...(options.approve === undefined ? {} : { approve: options.approve }),
    sessionId: 'langchain-test',
    workspaceRoot: workspace,
  });
  return { registry, executor, saved, filed };
}
