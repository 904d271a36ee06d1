import { resolve } from 'node:path';
import { OpenAIResponsesModel, setTracingDisabled } from '@openai/agents';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { compileJsonSchema } from '@toolwright/validation';
import OpenAI from 'openai';

// Tracing would export to api.openai.com; the tests never leave the loopback.
setTracingDisabled(true);

/** The loopback server's model, through the official `openai` client and Agents JS's Responses model. */
export function loopbackModel(baseURL: string): OpenAIResponsesModel {
  return new OpenAIResponsesModel(new OpenAI({ apiKey: 'test-key', baseURL, maxRetries: 0 }), 'scripted');
}

/** A strict Read tool over an in-memory file table; `calls` records the params each run received. */
export function notesReadTool(files: Readonly<Record<string, string>>) {
  const calls: unknown[] = [];
  const tool = createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    strict: true,
    schema: Type.Object({
      file_path: Type.String({ minLength: 1 }),
      limit: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
    description: 'Reads a UTF-8 text file.',
    affectedPaths: (params) => [params.file_path],
    execute: async (params) => {
      calls.push(params);
      const content = files[params.file_path];
      if (content === undefined) return ToolResults.notFound(`No file ${params.file_path}`);
      return ToolResults.success(content.split('\n').slice(0, params.limit).join('\n'));
    },
  });
  return { tool, calls };
}

/** A Write tool that records what it would write (paths resolved against `workspace`). */
export function recordingWriteTool(workspace: string) {
  const writes: Array<{ file_path: string; content: string }> = [];
  const tool = createTool({
    name: 'Write',
    kind: ToolKind.Write,
    schema: Type.Object({ file_path: Type.String({ minLength: 1 }), content: Type.String() }),
    description: 'Writes a UTF-8 text file.',
    affectedPaths: (params) => [resolve(workspace, params.file_path)],
    execute: async (params) => {
      writes.push({ file_path: params.file_path, content: params.content });
      return ToolResults.success(`wrote ${params.file_path}`);
    },
  });
  return { tool, writes };
}

/** The 1x1 transparent PNG, base64. */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A tool whose result is a caption and an image. */
export const screenshotTool: Tool = createTool({
  name: 'Screenshot',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  schema: Type.Object({ url: Type.String() }),
  description: 'Takes a screenshot of a page.',
  execute: async (params) =>
    ToolResults.success([
      { type: 'text', text: `screenshot of ${params.url}` },
      { type: 'image', mimeType: 'image/png', data: ONE_PIXEL_PNG },
    ]),
});

/**
 * An MCP tool as the adapter makes it (foreign JSON Schema, deferred until ToolSearch loads it),
 * of a server whose name has a hyphen, which Agents JS's own tool names would not keep.
 */
export function issueTrackerTool() {
  const created: unknown[] = [];
  const tool = createTool({
    name: 'mcp__issue-tracker__create_issue',
    kind: ToolKind.Execute,
    schema: compileJsonSchema({
      type: 'object',
      properties: { title: { type: 'string' }, priority: { type: 'integer' } },
      required: ['title'],
      additionalProperties: false,
    }),
    description: 'Creates an issue in the tracker.',
    source: { type: 'mcp', server: 'issue-tracker', toolName: 'create_issue', fingerprint: 'sha256:1' },
    execute: async (params) => {
      created.push(params);
      return ToolResults.success(`created issue ${JSON.stringify(params)}`);
    },
  });
  return { tool, created };
}
