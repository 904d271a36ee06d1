import type { GetPromptResult } from '@modelcontextprotocol/server';
import type { McpCompleter } from '../resources/resource-definitions.js';
import type { McpSessionContext } from '../session/mcp-session-context.js';

/** One argument of a prompt. */
export interface McpPromptArgumentDefinition {
  readonly name: string;
  readonly description?: string;
  /** A `prompts/get` without it is refused with `-32602` naming it. */
  readonly required?: boolean;
  /** Completion of this argument (`completion/complete`). */
  readonly complete?: McpCompleter;
}

/** What a prompt's `get` is given. */
export interface McpPromptRequest {
  /** The arguments the client sent (strings, as MCP defines them). */
  readonly arguments: Readonly<Record<string, string>>;
  readonly sessionId: string;
  readonly signal: AbortSignal;
  /**
   * What the prompt may ask of the client (a form, the model, its roots), as a tool may: see
   * `McpSessionContext`, whose `stateless` note applies to a prompt as it does to a tool.
   */
  readonly mcpSession: McpSessionContext;
}

/** A prompt template the host offers its users (MCP `prompts/list`, `prompts/get`). */
export interface McpPromptDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly McpPromptArgumentDefinition[];
  get(request: McpPromptRequest): GetPromptResult | Promise<GetPromptResult>;
}
