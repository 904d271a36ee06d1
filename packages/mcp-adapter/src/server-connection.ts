import { getEventListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnectionChange, McpConnectionState } from '@toolwright/registry';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import type { McpServerDefinition } from './server-definition.js';

/** Backoff for reconnecting to a server whose connection was lost. */
export interface ReconnectPolicy {
  /** Attempts before giving up with phase `failed`; default 5. 0 disables reconnecting. */
  readonly maxAttempts: number;
  /** Delay before the first attempt; doubled each time; default 250 ms. */
  readonly initialDelayMs: number;
  /** Upper bound on the delay; default 10 s. */
  readonly maxDelayMs: number;
}

/** The defaults of {@link ReconnectPolicy}. */
export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = Object.freeze({
  maxAttempts: 5,
  initialDelayMs: 250,
  maxDelayMs: 10_000,
});

/** What a connection tells its owner. */
export interface ServerConnectionHooks {
  /** Every phase change. */
  onChange(change: McpConnectionChange): void;
  /** A fresh client completed the handshake (first connect or a reconnect): install handlers, list catalogs. */
  onReady(connection: ServerConnection, recovered: boolean): Promise<void> | void;
}

/** Options shared by every connection of a manager. */
export interface ServerConnectionOptions {
  readonly clientInfo: { name: string; version: string };
  readonly connectTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly reconnect: ReconnectPolicy;
  /** How long a stdio server may take to exit after its stdin closes before it gets SIGTERM. */
  readonly shutdownGraceMs: number;
}

const STDERR_TAIL_BYTES = 2048;

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // `fetch failed` says nothing by itself; the cause says why (ECONNREFUSED, ENOTFOUND, ...).
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : undefined;
  return detail === undefined || error.message.includes(detail)
    ? error.message
    : `${error.message} (${detail})`;
}

/** True for an HTTP failure that means the server or the session is gone, not a refused request. */
function isHttpConnectionLoss(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  // By name: undici's TypeError may come from another realm than this module's.
  return error instanceof Error && error.name === 'TypeError' && /fetch failed/i.test(error.message);
}

/**
 * Whether `signal` may go to the SDK as it is. The SDK adds an `abort` listener to the signal
 * of every request and never removes it: harmless for a signal made for one call, a leak (and
 * a MaxListenersExceededWarning after ten calls) for a signal shared by many, such as one per
 * agent turn or session. A signal nobody listens to yet goes to the SDK directly (the common
 * case: no child, no listener of ours); one that already has listeners — the SDK's from an
 * earlier request, or the host's own — goes through a child made for that request alone. So a
 * shared signal keeps at most the listener of its first request. The SDK adds its listener
 * synchronously, so a concurrent second request already sees it.
 *
 * Asking the signal itself is exact and costs no bookkeeping: a WeakSet of signals seen, the
 * earlier way, cost about 0.6 µs more per call (an ephemeron entry per short-lived signal).
 */
function isUnheard(signal: AbortSignal): boolean {
  return getEventListeners(signal, 'abort').length === 0;
}

/**
 * One live MCP server: its SDK client, its transport (and child process for stdio), its
 * phase, and the reconnect loop. Requests go through {@link ServerConnection.request}, which
 * applies the per-server timeout and turns SDK failures into {@link McpAdapterError}s that
 * name the server.
 */
export class ServerConnection {
  readonly definition: McpServerDefinition;
  readonly #options: ServerConnectionOptions;
  readonly #hooks: ServerConnectionHooks;
  #client: Client | undefined;
  #transport: Transport | undefined;
  #phase: McpConnectionState = 'connecting';
  #closing = false;
  #stderrTail = '';
  #reconnecting: Promise<void> | undefined;
  /** The first connect or a requested retry, while it runs; concurrent callers share it. */
  #attempt: Promise<void> | undefined;
  /** Whether a handshake ever succeeded: a retry then reports `reconnecting`/`recovered`. */
  #everConnected = false;
  #lastError: string | undefined;

  constructor(
    definition: McpServerDefinition,
    options: ServerConnectionOptions,
    hooks: ServerConnectionHooks,
  ) {
    this.definition = definition;
    this.#options = options;
    this.#hooks = hooks;
  }

  /** The configured server name. */
  get name(): string {
    return this.definition.name;
  }

  /** The current phase. */
  get phase(): McpConnectionState {
    return this.#phase;
  }

  /** True once {@link ServerConnection.close} was called: the connection never opens again. */
  get isClosed(): boolean {
    return this.#closing;
  }

  /** The reason of the last failure, if any. */
  get lastError(): string | undefined {
    return this.#lastError;
  }

  /** The child process id of a stdio server while it runs, else `undefined`. */
  get pid(): number | undefined {
    return this.#transport instanceof StdioClientTransport ? (this.#transport.pid ?? undefined) : undefined;
  }

  /** The SDK client; throws `mcp_not_connected` unless the server is connected. */
  get client(): Client {
    if (this.#client === undefined || (this.#phase !== 'connected' && this.#phase !== 'recovered')) {
      throw new McpAdapterError(
        McpAdapterErrorCode.NotConnected,
        `MCP server "${this.name}" is not connected (phase: ${this.#phase}${this.#lastError ? `; last error: ${this.#lastError}` : ''})`,
        { server: this.name },
      );
    }
    return this.#client;
  }

  /** True when requests can be sent. */
  get isConnected(): boolean {
    return this.#client !== undefined && (this.#phase === 'connected' || this.#phase === 'recovered');
  }

  /** The server's instructions from the handshake, if it sent any. */
  get instructions(): string | undefined {
    return this.#client?.getInstructions();
  }

  /** The per-request timeout of this server. */
  get requestTimeoutMs(): number {
    return this.definition.requestTimeoutMs ?? this.#options.requestTimeoutMs;
  }

  /** Connects for the first time. Rejects with a {@link McpAdapterError} naming the server and reason. */
  connect(): Promise<void> {
    return this.#single(() => this.#firstConnect());
  }

  /**
   * Tries once more to connect a server that is not connected — its first connect failed, or a
   * reconnect loop gave up — with the same timeouts. A server that was connected before reports
   * `reconnecting` (attempt 1) then `recovered`; one that never was reports `connecting` then
   * `connected`; a failure reports `failed` and rejects with the reason. A connect or reconnect
   * loop already under way is awaited first, so a server is never opened twice at once.
   * Resolves with the phase reached, or `already-connected` when there was nothing to do.
   * Rejects with `mcp_not_connected` once the connection is closed for good.
   */
  async retry(): Promise<'connected' | 'recovered' | 'already-connected'> {
    this.#assertOpen();
    await this.#attempt?.catch(() => undefined);
    await this.#reconnecting;
    this.#assertOpen();
    if (this.isConnected) return 'already-connected';
    const recovered = this.#everConnected;
    await this.#single(() => (recovered ? this.#requestedReconnect() : this.#firstConnect()));
    return recovered ? 'recovered' : 'connected';
  }

  #assertOpen(): void {
    if (this.#closing) {
      throw new McpAdapterError(
        McpAdapterErrorCode.NotConnected,
        `MCP server "${this.name}" was closed and cannot be reconnected; create a new adapter to connect again`,
        { server: this.name },
      );
    }
  }

  #single(run: () => Promise<void>): Promise<void> {
    this.#attempt ??= run().finally(() => {
      this.#attempt = undefined;
    });
    return this.#attempt;
  }

  async #firstConnect(): Promise<void> {
    this.#report('connecting');
    try {
      await this.#open();
    } catch (error) {
      this.#lastError = reasonOf(error);
      this.#report('failed', { error: this.#lastError });
      throw error;
    }
    this.#everConnected = true;
    this.#report('connected');
    await this.#hooks.onReady(this, false);
  }

  /** One reconnect asked for by the host, after the automatic loop gave up (or was disabled). */
  async #requestedReconnect(): Promise<void> {
    this.#report('reconnecting', { attempt: 1, error: this.#lastError ?? 'connection lost' });
    try {
      await this.#open();
    } catch (error) {
      this.#lastError = reasonOf(error);
      this.#report('failed', { attempt: 1, error: this.#lastError });
      throw error;
    }
    if (this.#closing) {
      // Closed while the handshake ran: do not leave a fresh child process behind.
      await this.#shutDown(this.#client, this.#transport);
      this.#client = undefined;
      this.#transport = undefined;
      this.#assertOpen();
    }
    this.#report('recovered', { attempt: 1 });
    await this.#hooks.onReady(this, true);
  }

  /**
   * Sends one request with this server's timeout and the caller's abort signal. SDK errors come
   * back as {@link McpAdapterError}: `mcp_timeout`, `mcp_connection_lost` or `mcp_server_error`.
   */
  request<T>(
    operation: string,
    send: (client: Client, options: { timeout: number; signal?: AbortSignal }) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    let client: Client;
    try {
      client = this.client;
    } catch (error) {
      return Promise.reject(error);
    }
    const timeout = this.requestTimeoutMs;
    // The common cases allocate no child signal and add no listener of ours: no signal, or a
    // signal nobody listens to yet (see isUnheard).
    if (signal === undefined) return this.#settle(operation, timeout, client, send(client, { timeout }));
    if (isUnheard(signal)) return this.#settle(operation, timeout, client, send(client, { timeout, signal }));
    // A shared signal: a child for this request alone, linked to the parent until it settles.
    const child = new AbortController();
    const forward = () => child.abort(signal.reason);
    if (signal.aborted) child.abort(signal.reason);
    else signal.addEventListener('abort', forward, { once: true });
    const release = () => signal.removeEventListener('abort', forward);
    return this.#settle(operation, timeout, client, send(client, { timeout, signal: child.signal })).then(
      (value) => {
        release();
        return value;
      },
      (error: unknown) => {
        release();
        throw error;
      },
    );
  }

  /**
   * `pending` with its failure turned into an {@link McpAdapterError}. Promise chaining rather
   * than async/await: a tool call is a hot path and every awaited layer costs.
   */
  #settle<T>(operation: string, timeout: number, client: Client, pending: Promise<T>): Promise<T> {
    return pending.then(undefined, (error: unknown) => {
      throw this.#failure(operation, timeout, client, error);
    });
  }

  #failure(operation: string, timeout: number, client: Client, error: unknown): McpAdapterError {
    // Streamable HTTP reports no close: a server that is unreachable, or that no longer
    // knows the session (it restarted), is a lost connection and starts the reconnect loop.
    if (this.definition.transport === 'streamable-http' && isHttpConnectionLoss(error)) {
      const reason = `the Streamable HTTP server could not be reached or dropped the session (${reasonOf(error)})`;
      this.#connectionLost(client, reason);
      return new McpAdapterError(
        McpAdapterErrorCode.ConnectionLost,
        `MCP server "${this.name}" was lost during ${operation}: ${reason}; reconnecting`,
        { server: this.name, cause: error },
      );
    }
    return this.#translate(operation, timeout, error);
  }

  /**
   * Closes the connection for good: no reconnect, and the child process (if any) is ended. As
   * the MCP spec asks, stdin is closed first; a server still running after the grace period
   * gets SIGTERM (and the SDK follows with SIGKILL if that is ignored too).
   */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    const client = this.#client;
    const transport = this.#transport;
    this.#client = undefined;
    this.#transport = undefined;
    await this.#shutDown(client, transport);
    this.#report('closed');
  }

  async #shutDown(client: Client | undefined, transport: Transport | undefined): Promise<void> {
    // An HTTP session is ended explicitly (DELETE), so the server can free it at once.
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
      await transport.terminateSession().catch(() => undefined);
    }
    const pid = transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
    const closing = Promise.all([client?.close(), transport?.close()]).catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'grace'>((resolve) => {
      timer = setTimeout(() => resolve('grace'), this.#options.shutdownGraceMs);
    });
    if ((await Promise.race([closing, grace])) === 'grace' && pid !== undefined) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    clearTimeout(timer);
    await closing;
  }

  #translate(operation: string, timeout: number, error: unknown): McpAdapterError {
    if (McpAdapterError.isInstance(error)) return error as McpAdapterError;
    const server = this.name;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return new McpAdapterError(
        McpAdapterErrorCode.Timeout,
        `MCP server "${server}" did not answer ${operation} within ${timeout} ms; the request was cancelled`,
        { server, cause: error },
      );
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      return new McpAdapterError(
        McpAdapterErrorCode.ConnectionLost,
        `MCP server "${server}" closed the connection during ${operation} (the process exited or the session ended)${this.#stderrSuffix()}; the request may or may not have taken effect`,
        { server, cause: error },
      );
    }
    if (error instanceof McpError) {
      return new McpAdapterError(
        McpAdapterErrorCode.ServerError,
        `MCP server "${server}" rejected ${operation}: ${error.message}`,
        {
          server,
          cause: error,
        },
      );
    }
    if (error instanceof Error && error.name === 'AbortError') {
      return new McpAdapterError(
        McpAdapterErrorCode.ServerError,
        `${operation} on MCP server "${server}" was aborted`,
        {
          server,
          cause: error,
        },
      );
    }
    return new McpAdapterError(
      McpAdapterErrorCode.ServerError,
      `${operation} on MCP server "${server}" failed: ${reasonOf(error)}`,
      {
        server,
        cause: error,
      },
    );
  }

  #stderrSuffix(): string {
    const tail = this.#stderrTail.trim();
    if (tail === '') return '';
    // A crash prints its reason first and a stack after it: quote from the first error line.
    const lines = tail.split('\n');
    const first = lines.findIndex((line) => /error|cannot|denied|not found/i.test(line));
    const quoted = first === -1 ? tail.slice(-300) : lines.slice(first).join('\n').slice(0, 300);
    return `; its last output on stderr: ${JSON.stringify(quoted)}`;
  }

  #report(state: McpConnectionState, extra: { attempt?: number; error?: string } = {}): void {
    this.#phase = state;
    this.#hooks.onChange({ server: this.name, state, ...extra, at: Date.now() });
  }

  async #createTransport(): Promise<Transport> {
    const definition = this.definition;
    if (definition.transport === 'custom') return definition.createTransport();
    if (definition.transport === 'streamable-http') {
      return new StreamableHTTPClientTransport(definition.url, {
        requestInit: { headers: { ...definition.headers } },
      });
    }
    const transport = new StdioClientTransport({
      command: definition.command,
      args: [...definition.args],
      env: { ...definition.env },
      ...(definition.cwd === undefined ? {} : { cwd: definition.cwd }),
      stderr: 'pipe',
    });
    // Keep only a short tail of stderr: enough to explain a crash, never an unbounded buffer.
    transport.stderr?.on('data', (chunk: Buffer) => {
      this.#stderrTail = (this.#stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    return transport;
  }

  async #open(): Promise<void> {
    const connectTimeout = this.definition.connectTimeoutMs ?? this.#options.connectTimeoutMs;
    const transport = await this.#createTransport();
    const client = new Client(this.#options.clientInfo, { capabilities: {} });
    this.#transport = transport;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new McpAdapterError(
            McpAdapterErrorCode.Timeout,
            `MCP server "${this.name}" did not complete the MCP handshake within ${connectTimeout} ms${this.#stderrSuffix()}`,
            { server: this.name },
          ),
        );
      }, connectTimeout);
    });
    try {
      await Promise.race([client.connect(transport, { timeout: connectTimeout }), timedOut]);
    } catch (error) {
      await this.#shutDown(client, transport);
      if (this.#transport === transport) this.#transport = undefined;
      if (McpAdapterError.isInstance(error)) throw error;
      throw new McpAdapterError(
        McpAdapterErrorCode.ConnectFailed,
        `MCP server "${this.name}" failed to start or complete the MCP handshake: ${reasonOf(error)}${this.#stderrSuffix()}`,
        { server: this.name, cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
    client.onclose = () => this.#onClientClosed(client);
    this.#client = client;
  }

  #onClientClosed(client: Client): void {
    this.#connectionLost(client, `the connection closed unexpectedly${this.#stderrSuffix()}`);
  }

  /** Starts the reconnect loop once per lost client (a close, or an HTTP server gone away). */
  #connectionLost(client: Client, reason: string): void {
    if (this.#closing || this.#client !== client) return;
    this.#client = undefined;
    this.#lastError = reason;
    // Closing the dead client fires its onclose, which the check above ignores from now on.
    void client.close().catch(() => undefined);
    this.#reconnecting ??= this.#reconnect().finally(() => {
      this.#reconnecting = undefined;
    });
  }

  async #reconnect(): Promise<void> {
    const policy = this.#options.reconnect;
    if (policy.maxAttempts === 0) {
      this.#report('failed', { error: this.#lastError ?? 'connection lost' });
      return;
    }
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
      this.#report('reconnecting', { attempt, error: this.#lastError ?? 'connection lost' });
      const delay = Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (this.#closing) return;
      try {
        await this.#open();
      } catch (error) {
        this.#lastError = reasonOf(error);
        continue;
      }
      if (this.#closing) {
        await this.#client?.close().catch(() => undefined);
        return;
      }
      this.#report('recovered', { attempt });
      try {
        await this.#hooks.onReady(this, true);
      } catch (error) {
        this.#lastError = reasonOf(error);
      }
      return;
    }
    this.#report('failed', { attempt: policy.maxAttempts, error: this.#lastError ?? 'connection lost' });
  }

  /** Resolves when a reconnect loop in progress ends (recovered or failed). */
  async reconnected(): Promise<void> {
    await this.#reconnecting;
  }
}
