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

/** A phase change of a server connection: the one type for it, wherever it is reported. */
export interface McpConnectionChange {
  server: string;
  state: McpConnectionState;
  /** The (re)connect attempt, counted from 1, for `reconnecting`, `recovered` and a `failed` after retries. */
  attempt?: number;
  /** Why the connection is not (or was not) usable: names the server and the cause. */
  error?: string;
  /**
   * When the change happened, in milliseconds since the epoch. Connections always set it (a
   * queue may be drained long after); optional so that a test or a host describing a change
   * need not invent one.
   */
  at?: number;
}
