import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { compileJsonSchema } from '@toolwright/validation';

/** Options of the fixture tools. */
export interface FixtureOptions {
  kind?: ToolKind;
  description?: string;
  category?: string;
  tags?: readonly string[];
  shouldDefer?: boolean;
}

/** A real built-in tool (createTool, TypeBox schema) that answers with its own name. */
export function builtinTool(name: string, options: FixtureOptions = {}): Tool {
  return createTool({
    name,
    kind: options.kind ?? ToolKind.ReadOnly,
    schema: Type.Object({ path: Type.String({ description: 'A workspace path.' }) }),
    description: options.description ?? `The ${name} built-in.`,
    ...(options.category === undefined ? {} : { category: options.category }),
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.shouldDefer === undefined ? {} : { shouldDefer: options.shouldDefer }),
    execute: async () => ToolResults.success(name),
  });
}

/** Options of an MCP fixture tool. */
export interface McpFixtureOptions extends FixtureOptions {
  fingerprint?: string;
  /** The registry name; default `mcp__<server>__<tool>`. */
  name?: string;
  inputSchema?: Record<string, unknown>;
}

/**
 * A real MCP-like tool: a foreign JSON Schema through compileJsonSchema, source `mcp`, named
 * `mcp__<server>__<tool>` as the adapter names them.
 */
export function mcpTool(server: string, toolName: string, options: McpFixtureOptions = {}): Tool {
  return createTool({
    name: options.name ?? `mcp__${server}__${toolName}`,
    kind: options.kind ?? ToolKind.Execute,
    schema: compileJsonSchema(
      options.inputSchema ?? {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look up.' } },
        required: ['query'],
      },
    ),
    description: options.description ?? `${toolName.replaceAll('_', ' ')} on ${server}.`,
    source: { type: 'mcp', server, toolName, fingerprint: options.fingerprint ?? `${server}/${toolName}@1` },
    ...(options.category === undefined ? {} : { category: options.category }),
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.shouldDefer === undefined ? {} : { shouldDefer: options.shouldDefer }),
    execute: async () => ToolResults.success(`${server}:${toolName}`),
  });
}

/** An execution context as a host would pass it; `extra` adds host fields such as `providerTarget`. */
export function executionContext(extra: Record<string, unknown> = {}): ExecutionContext {
  return { signal: new AbortController().signal, sessionId: 'test-session', workspaceRoot: '/tmp', ...extra };
}
