/** The MCP log levels (`logging/setLevel`), least severe first. */
export type McpLogLevelV1 =
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'critical'
  | 'alert'
  | 'emergency';

/**
 * What a server must remember of a 2025-era MCP session (one opened with `initialize`, named by
 * its `Mcp-Session-Id`) so that any replica of a fleet can serve its next request: what was
 * negotiated, who the client is, and what it asked for since. It names no replica: whichever
 * replica a request reaches serves it from this record.
 */
export interface McpSessionRecordV1 {
  readonly specificationVersion: 'v1';
  /** The `Mcp-Session-Id` the server gave the session. */
  readonly sessionId: string;
  /** The protocol version negotiated in `initialize` (such as `2025-06-18`). */
  readonly protocolVersion: string;
  /** The client's `clientInfo` from `initialize` (`name`, `version`, and any other fields). */
  readonly clientInfo: { readonly name: string; readonly version: string; readonly [key: string]: unknown };
  /** The client's `capabilities` from `initialize`, as sent. */
  readonly clientCapabilities: { readonly [key: string]: unknown };
  /**
   * Who opened the session, when the server authenticates (the OAuth client id or bearer
   * principal): a request for the session by anyone else is answered as for a missing session.
   */
  readonly principal?: string;
  /** The least severe log level the client asked for (`logging/setLevel`); absent: all. */
  readonly logLevel?: McpLogLevelV1;
  /** The resource URIs the client subscribed to (`resources/subscribe`). */
  readonly resourceSubscriptions?: readonly string[];
  /** When the session was opened, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When a request of the session was last seen, in milliseconds since the epoch. */
  readonly lastSeenAt: number;
}

/** The current version of the MCP session record: {@link McpSessionRecordV1}. */
export type McpSessionRecord = McpSessionRecordV1;

/**
 * Where the records of 2025-era MCP sessions live: in the server's memory by default, in a
 * shared store (Redis) for a fleet. A record expires when no request of its session touched it
 * for the store's idle timeout (the session is then gone, on every replica). `put` replaces the
 * whole record (the last writer wins); a change to one field is a read, a change and a `put`.
 */
export interface McpSessionRecordStoreV1 {
  readonly specificationVersion: 'v1';
  /** The record of `sessionId`, or `undefined` when there is none (never opened, closed, or expired). */
  get(sessionId: string): Promise<McpSessionRecordV1 | undefined>;
  /** Saves `record` (replacing any of its session), to expire after the idle timeout. */
  put(record: McpSessionRecordV1): Promise<void>;
  /**
   * Marks the session as seen at `lastSeenAt` and restarts its idle timeout; `false` when there
   * is no record to touch (the session expired or was closed: answer 404, it must start anew).
   */
  touch(sessionId: string, lastSeenAt: number): Promise<boolean>;
  /** Removes the record (the session closed); true only for the caller that removed it. */
  delete(sessionId: string): Promise<boolean>;
}

/** The current version of the MCP session record store interface: {@link McpSessionRecordStoreV1}. */
export type McpSessionRecordStore = McpSessionRecordStoreV1;
