import {
  createMcpHandler,
  InMemoryServerEventBus,
  type McpHttpHandler,
  type ServerEvent,
  type ServerEventBus,
  type Transport,
} from '@modelcontextprotocol/server';
import { McpServerError, McpServerErrorCode } from './mcp-server-error.js';
import {
  type ResolvedServerOptions,
  resolveServerOptions,
  type ToolwrightMcpServerOptions,
} from './server-options.js';
import { closeGraceMs, DEFAULT_SHUTDOWN_GRACE_MS, type McpCloseOptions } from './session/close-options.js';
import { InFlightCalls } from './session/in-flight-calls.js';
import { type McpServerSession, ServerSession } from './session/server-session.js';
import { statelessServerFactory } from './session/stateless-server.js';
import { watchToolCatalog } from './tools/watch-tool-catalog.js';

/**
 * A toolwright `ToolRegistry` as an MCP server. Each client connects over its own transport
 * (`serveStdio`, `serveHttp`, or any SDK `Transport` given to {@link connect}) and gets its own
 * session; all sessions share the registry, the artifact store and the host's definitions.
 *
 * @example
 * ```ts
 * const server = new ToolwrightMcpServer({ registry, artifacts: store });
 * await serveStdio(server);
 * ```
 */
export class ToolwrightMcpServer {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion = 'v1';
  readonly #options: ResolvedServerOptions;
  readonly #sessions = new Set<ServerSession>();
  /** Tool calls of stateless (2026-07-28) requests, which belong to no session. */
  readonly #statelessCalls = new InFlightCalls();
  #stateless: McpHttpHandler | undefined;
  /**
   * Where changes go (the tool list, resources): the host's shared bus for a fleet, so that every
   * replica's clients hear of a change made on one, or one in this process.
   */
  readonly #changes: ServerEventBus;
  readonly #stopHearing: () => void;
  #stopWatching: (() => void) | undefined;
  #closing: Promise<void> | undefined;

  /** Checks every option (see {@link ToolwrightMcpServerOptions}); throws `invalid_option` naming a bad one. */
  constructor(options: ToolwrightMcpServerOptions) {
    this.#options = resolveServerOptions(options);
    const { changeBus, onError } = this.#options.core;
    this.#changes = (changeBus as ServerEventBus | undefined) ?? new InMemoryServerEventBus(onError);
    // 2025 sessions hear changes from the bus too, so a change published on any replica reaches them.
    this.#stopHearing = this.#changes.subscribe((event) => this.#tellSessions(event));
  }

  /** The sessions connected now. */
  get sessions(): readonly McpServerSession[] {
    return [...this.#sessions];
  }

  /** Tool calls running now, over every session. */
  get callsInFlight(): number {
    let count = this.#statelessCalls.size;
    for (const session of this.#sessions) count += session.callsInFlight;
    return count;
  }

  /**
   * Serves one client over `transport` and resolves once the transport has started. Throws
   * `server_closed` once {@link close} has begun.
   */
  async connect(transport: Transport): Promise<McpServerSession> {
    this.#refuseWhenClosing();
    const session = new ServerSession(this.#options.core, transport);
    this.#sessions.add(session);
    void session.closed.then(() => this.#sessions.delete(session));
    this.#watchRegistry();
    await session.start();
    return session;
  }

  /**
   * The handler of stateless (2026-07-28) requests over HTTP, which `serveHttp` routes to it:
   * the SDK's per-request entry, with a fresh SDK `Server` for each request. Throws
   * `server_closed` once {@link close} has begun.
   *
   * @internal
   */
  statelessHttpHandler(): McpHttpHandler {
    this.#refuseWhenClosing();
    if (this.#stateless === undefined) {
      this.#stateless = createMcpHandler(statelessServerFactory(this.#options.core, this.#statelessCalls), {
        legacy: 'reject',
        onerror: this.#options.core.onError,
        bus: this.#changes,
      });
      this.#watchRegistry();
    }
    return this.#stateless;
  }

  /**
   * Tells every session subscribed to `uri`, and every stateless client listening for it, that
   * the resource changed (`notifications/resources/updated`).
   */
  notifyResourceUpdated(uri: string): void {
    this.#publish({ kind: 'resource_updated', uri });
  }

  /** Tells every session, and every stateless client listening, that the host's resource list changed. */
  notifyResourceListChanged(): void {
    this.#publish({ kind: 'resources_list_changed' });
  }

  /**
   * Stops accepting sessions, lets running tool calls finish for up to `graceMs` (default
   * 10 s), aborts the rest (their clients get an aborted result) and closes every session.
   */
  async close(options: McpCloseOptions = {}): Promise<void> {
    const graceMs = closeGraceMs('ToolwrightMcpServer.close', options, DEFAULT_SHUTDOWN_GRACE_MS);
    this.#closing ??= (async () => {
      this.#stopWatching?.();
      this.#stopWatching = undefined;
      this.#stopHearing();
      await Promise.all([
        ...[...this.#sessions].map((session) => session.close({ graceMs })),
        this.#statelessCalls.drain(graceMs, 'the MCP server is shutting down'),
      ]);
      await this.#stateless?.close();
    })();
    return this.#closing;
  }

  #watchRegistry(): void {
    if (this.#stopWatching !== undefined) return;
    this.#stopWatching = watchToolCatalog(
      this.#options.registry,
      () => this.#publish({ kind: 'tools_list_changed' }),
      this.#options.listChangedDebounceMs,
    );
  }

  #publish(event: ServerEvent): void {
    try {
      this.#changes.publish(event);
    } catch (error) {
      // A shared bus that cannot reach its backend: this process's listeners already heard it.
      this.#options.core.onError(error);
    }
  }

  #tellSessions(event: ServerEvent): void {
    for (const session of this.#sessions) {
      if (event.kind === 'tools_list_changed') session.notifyToolListChanged();
      else if (event.kind === 'resources_list_changed') session.notifyResourceListChanged();
      else if (event.kind === 'resource_updated') session.notifyResourceUpdated(event.uri);
    }
  }

  #refuseWhenClosing(): void {
    if (this.#closing !== undefined) {
      throw new McpServerError(
        McpServerErrorCode.ServerClosed,
        'The MCP server is closing; it accepts no new sessions.',
      );
    }
  }
}
