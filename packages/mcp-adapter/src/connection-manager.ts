import type { McpConnectionChange } from '@toolwright/registry';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import {
  DEFAULT_RECONNECT_POLICY,
  type ReconnectPolicy,
  ServerConnection,
  type ServerConnectionHooks,
} from './server-connection.js';
import type { McpServerDefinition } from './server-definition.js';

/** Options of {@link McpConnectionManager}. */
export interface McpConnectionManagerOptions {
  /** Sent to servers in the handshake; default `{ name: 'toolwright', version: '0' }`. */
  readonly clientInfo?: { name: string; version: string };
  /** Default handshake timeout per server; default 30 s. A server's own `connectTimeoutMs` wins. */
  readonly connectTimeoutMs?: number;
  /** Default timeout per request; default 60 s. A server's own `requestTimeoutMs` wins. */
  readonly requestTimeoutMs?: number;
  readonly reconnect?: Partial<ReconnectPolicy>;
  /** How long a stdio server may take to exit after its stdin closes before it gets SIGTERM; default 500 ms. */
  readonly shutdownGraceMs?: number;
  /** Every phase of every server. */
  readonly onConnectionChange?: (change: McpConnectionChange) => void;
  /** A server finished its handshake (first time or after reconnecting). */
  readonly onReady?: (connection: ServerConnection, recovered: boolean) => Promise<void> | void;
}

/** The outcome of {@link McpConnectionManager.connectAll}. */
export interface ConnectAllResult {
  readonly connected: string[];
  /** Servers that failed, each with the reason; the others keep working. */
  readonly failed: Array<{ server: string; reason: string; error: McpAdapterError }>;
}

/**
 * Owns the connections to a set of MCP servers: connects them in parallel (each with its own
 * timeout, one failure never blocks the others), reconnects lost ones with exponential
 * backoff, and closes all of them — ending every child process it started.
 */
export class McpConnectionManager {
  readonly #connections = new Map<string, ServerConnection>();

  constructor(servers: readonly McpServerDefinition[], options: McpConnectionManagerOptions = {}) {
    const hooks: ServerConnectionHooks = {
      onChange: (change) => options.onConnectionChange?.(change),
      onReady: (connection, recovered) => options.onReady?.(connection, recovered),
    };
    const shared = {
      clientInfo: options.clientInfo ?? { name: 'toolwright', version: '0' },
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      reconnect: { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect },
      shutdownGraceMs: options.shutdownGraceMs ?? 500,
    };
    for (const server of servers) {
      if (this.#connections.has(server.name)) {
        throw new McpAdapterError(
          McpAdapterErrorCode.ConfigInvalid,
          `MCP server name "${server.name}" is used twice; every server needs its own name`,
          { server: server.name },
        );
      }
      this.#connections.set(server.name, new ServerConnection(server, shared, hooks));
    }
  }

  /** Connects every server in parallel and reports which failed and why. Never throws for a server's failure. */
  async connectAll(): Promise<ConnectAllResult> {
    const connections = [...this.#connections.values()];
    const outcomes = await Promise.allSettled(connections.map((connection) => connection.connect()));
    const result: ConnectAllResult = { connected: [], failed: [] };
    outcomes.forEach((outcome, index) => {
      const name = connections[index]!.name;
      if (outcome.status === 'fulfilled') result.connected.push(name);
      else {
        const error = McpAdapterError.isInstance(outcome.reason)
          ? outcome.reason
          : new McpAdapterError(
              McpAdapterErrorCode.ConnectFailed,
              `MCP server "${name}" failed: ${String(outcome.reason)}`,
              {
                server: name,
                cause: outcome.reason,
              },
            );
        result.failed.push({ server: name, reason: error.message, error });
      }
    });
    return result;
  }

  /** The connection of `server`; throws `mcp_unknown_server` naming the configured servers otherwise. */
  get(server: string): ServerConnection {
    const connection = this.#connections.get(server);
    if (connection === undefined) {
      throw new McpAdapterError(
        McpAdapterErrorCode.UnknownServer,
        `no MCP server named ${JSON.stringify(server)}; configured servers: ${[...this.#connections.keys()].sort().join(', ') || '(none)'}`,
      );
    }
    return connection;
  }

  /** Every connection, in configuration order. */
  list(): ServerConnection[] {
    return [...this.#connections.values()];
  }

  /** Closes every connection (in parallel) and ends their child processes. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#connections.values()].map((connection) => connection.close()));
  }
}
