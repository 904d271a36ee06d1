import type { CatalogChange } from './catalog-change.js';

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

/**
 * A phase of a server connection:
 * - `connecting`, `connected`: the first handshake (or a retry of a server that never connected);
 * - `reconnecting`: a lost connection is being re-established (`attempt` counts from 1);
 * - `recovered`: a reconnect succeeded (`attempt` says which one did);
 * - `failed`: connecting or reconnecting gave up (`error` says why);
 * - `needs_auth`: an OAuth server has no usable token and the user must log in (`error` names the command);
 * - `disconnected`: the connection dropped and no reconnect is under way;
 * - `closed`: the host closed the connection on purpose.
 */
export type McpConnectionState =
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'recovered'
  | 'disconnected'
  | 'failed'
  | 'needs_auth'
  | 'closed';

/**
 * A phase change of a server connection: the one type for it, queued for the agent loop by the
 * registry and passed to `McpAdapter`'s `onConnectionChange` (which re-exports it).
 */
export interface McpConnectionChange {
  server: string;
  state: McpConnectionState;
  /** The (re)connect attempt, counted from 1, for `reconnecting`, `recovered` and a `failed` after retries. */
  attempt?: number;
  /** Why the connection is not (or was not) usable: names the server and the cause. */
  error?: string;
  /**
   * When the change happened, in milliseconds since the epoch. The MCP adapter always sets it
   * (a queue may be drained long after); optional so that a host queuing its own changes need
   * not invent one.
   */
  at?: number;
}

/** A log message a server sent (`notifications/message`). */
export interface McpLogEntry {
  server: string;
  level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
  logger?: string;
  data: unknown;
}

/** The `instructions` a server returned from `initialize` (untrusted server text). */
export interface McpServerInstructions {
  server: string;
  instructions: string;
}

/** A status change of an MCP task owned by the session. */
export interface McpTaskChange {
  server: string;
  taskId: string;
  status: string;
  statusMessage?: string;
}

/** Every queue the registry keeps for the agent loop, by item type. */
export interface McpEventQueueItems {
  catalogChanges: CatalogChange;
  contentChanges: McpContentChange;
  resourceUpdates: McpResourceUpdate;
  connectionChanges: McpConnectionChange;
  logs: McpLogEntry;
  serverInstructions: McpServerInstructions;
  taskChanges: McpTaskChange;
}

/** Queue capacities: 32 for each queue, 64 for logs and tasks (they arrive in bursts). */
export const MCP_EVENT_QUEUE_CAPACITY: Readonly<Record<keyof McpEventQueueItems, number>> = Object.freeze({
  catalogChanges: 32,
  contentChanges: 32,
  resourceUpdates: 32,
  connectionChanges: 32,
  logs: 64,
  serverInstructions: 32,
  taskChanges: 64,
});
