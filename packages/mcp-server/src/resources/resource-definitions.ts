import type { ReadResourceResult } from '@modelcontextprotocol/server';

/** What a resource's `read` is given. */
export interface McpResourceReadRequest {
  /** The URI the client asked for. */
  readonly uri: string;
  /** The template's variables matched in `uri` (empty for a fixed resource). */
  readonly variables: Readonly<Record<string, string | readonly string[]>>;
  /** The MCP session asking. */
  readonly sessionId: string;
  /** Aborted when the client cancels the request or the session closes. */
  readonly signal: AbortSignal;
}

/** The contents a resource answers with: text (`text`) or base64 bytes (`blob`), each with its URI. */
export type McpResourceContents = ReadResourceResult['contents'];

/** A fixed resource the host serves beside the registry's tools (a file, a document, a status). */
export interface McpResourceDefinition {
  readonly uri: string;
  /** A short identifier (`resources/list` requires one). */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  read(request: McpResourceReadRequest): McpResourceContents | Promise<McpResourceContents>;
}

/** Completes one template variable from what the user typed so far. */
export type McpCompleter = (
  value: string,
  context: { readonly arguments: Readonly<Record<string, string>> },
) => readonly string[] | Promise<readonly string[]>;

/** A family of resources under an RFC 6570 URI template (`notes://{folder}/{name}`). */
export interface McpResourceTemplateDefinition {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  read(request: McpResourceReadRequest): McpResourceContents | Promise<McpResourceContents>;
  /** Completion of the template's variables, by variable name (`completion/complete`). */
  readonly complete?: Readonly<Record<string, McpCompleter>>;
}
