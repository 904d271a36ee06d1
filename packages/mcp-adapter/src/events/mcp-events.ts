/**
 * A server's resources, resource templates or prompts changed (`notifications/.../list_changed`).
 * `kind` names the listing as the MCP specification and the adapter's catalog do
 * (`resourceTemplates`), so one listing has one name everywhere.
 */
export interface McpContentChange {
  server: string;
  kind: 'resources' | 'resourceTemplates' | 'prompts';
  reason?: string;
}

/** A subscribed resource changed (`notifications/resources/updated`). Deduplicated per server and URI. */
export interface McpResourceUpdate {
  server: string;
  uri: string;
}

/** A log message a server sent (`notifications/message`). */
export interface McpLogEntry {
  server: string;
  level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
  logger?: string;
  data: unknown;
}

/** The `instructions` a server returned from `initialize` (untrusted server text, marked as such). */
export interface McpServerInstructions {
  server: string;
  instructions: string;
}

/** A status change of an MCP task a session of this adapter started. */
export interface McpTaskChange {
  server: string;
  taskId: string;
  status: string;
  statusMessage?: string;
}
