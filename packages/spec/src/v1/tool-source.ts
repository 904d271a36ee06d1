/**
 * Where a tool comes from. Built-ins are defined in code; MCP tools come from a live server and
 * carry a fingerprint over their definition so that a changed definition (a "rug pull") is seen.
 */
export type ToolSource =
  | { readonly type: 'builtin' }
  | {
      readonly type: 'mcp';
      /** The server's name in the `mcpServers` config. */
      readonly server: string;
      /** The tool's name as the server lists it (before provider-safe renaming). */
      readonly toolName: string;
      /** A hash over name, description, input schema and annotations. */
      readonly fingerprint: string;
    };
