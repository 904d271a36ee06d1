/** A phase in the life of a server connection, as reported to the registry's connection queue. */
export type McpConnectionPhase =
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'recovered'
  | 'failed'
  | 'closed';

/** One connection event: which server, which phase, and why. */
export interface McpConnectionChange {
  readonly server: string;
  readonly phase: McpConnectionPhase;
  /** The reconnect attempt (1-based) for `reconnecting`, `recovered` and a `failed` after reconnecting. */
  readonly attempt?: number;
  /** What went wrong (for `reconnecting` and `failed`). */
  readonly reason?: string;
  /** Milliseconds since the epoch. */
  readonly at: number;
}
