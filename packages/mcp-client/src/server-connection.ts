import type { Client, PriorDiscovery, Transport } from '@modelcontextprotocol/client';
import { failureState, needsAuthError } from './auth/oauth-connection.js';
import { redactSecrets } from './auth/secret-redaction.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { McpConnectionState } from './events/connection-state.js';
import { HostAnswers } from './host-answers.js';
import { listenForListChanges } from './list-change-subscription.js';
import { runReconnectLoop } from './reconnect-loop.js';
import { type RequestSender, sendRequest } from './request-signal.js';
import { isHttpConnectionLoss, mapRequestError, reasonOf } from './sdk-error-mapping.js';
import {
  checkServerConnectionArguments,
  type ServerConnectionHooks,
  type ServerConnectionOptions,
} from './server-connection-options.js';
import type { McpServerDefinition } from './server-definition.js';
import { openClient, priorOf } from './server-handshake.js';
import { transportPid } from './server-transport.js';
import { StderrTail } from './stderr-tail.js';
import { describeStdioOverflow, includesListing, overflowVerdict } from './stdio-message-limit.js';
import { type ConnectionFacts, ConnectionTelemetry } from './telemetry/connection-telemetry.js';
import { shutDownTransport } from './transport-shutdown.js';

/** A message the SDK refused for its size on one client, and the requests that were waiting then. */
interface Overflow {
  readonly client: Client;
  readonly limit: number;
  readonly waiting: string[];
}

/**
 * One live MCP server: its SDK client, its transport (and child process for stdio), its
 * phase, and the reconnect loop. Requests go through {@link ServerConnection.request}, which
 * applies the per-server timeout and turns SDK failures into {@link McpClientError}s that
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
  readonly #stderr = new StderrTail();
  #reconnecting: Promise<void> | undefined;
  /** The first connect or a requested retry, while it runs; concurrent callers share it. */
  #attempt: Promise<void> | undefined;
  /** The handshake under way, if any: a close waits for it, so that nothing it started outlives the close. */
  #opening: Promise<void> | undefined;
  /** Whether a handshake ever succeeded: a retry then reports `reconnecting`/`recovered`. */
  #everConnected = false;
  #lastError: string | undefined;
  #overflow: Overflow | undefined;
  /** The client ended because its server needs a login, and why: its other requests fail with that too. */
  #endedForLogin: { readonly client: Client; readonly error: McpClientError } | undefined;
  /** The era agreed on the last successful connect: reconnects adopt it (see openClient). */
  #prior: PriorDiscovery | undefined;
  /** Set when reconnecting cannot help (an oversized listing): the loop reports `failed`. */
  #giveUpReason: string | undefined;
  /**
   * True while a fresh handshake's catalogs are listed, before the phase says `connected` or
   * `recovered`: requests may go out, but the server is not announced as usable until its
   * tools are listed.
   */
  #preparing = false;
  /** The host's handlers answering this server's questions: its requests' deadlines pause meanwhile. */
  readonly #answers = new HostAnswers();
  readonly #telemetry: ConnectionTelemetry;

  constructor(
    definition: McpServerDefinition,
    options: ServerConnectionOptions,
    hooks: ServerConnectionHooks,
  ) {
    checkServerConnectionArguments(definition, options, hooks);
    this.definition = definition;
    this.#options = options;
    this.#hooks = hooks;
    this.#telemetry = new ConnectionTelemetry(definition, options.telemetry);
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
    return transportPid(this.#transport);
  }

  /** The SDK client; throws `not_connected` unless the server is connected. */
  get client(): Client {
    if (!this.isConnected) {
      throw new McpClientError(
        McpClientErrorCode.NotConnected,
        `MCP server "${this.name}" is not connected (phase: ${this.#phase}${this.#lastError ? `; last error: ${this.#lastError}` : ''})`,
        { server: this.name },
      );
    }
    return this.#client as Client;
  }

  /** True when requests can be sent. */
  get isConnected(): boolean {
    return (
      this.#client !== undefined &&
      (this.#preparing || this.#phase === 'connected' || this.#phase === 'recovered')
    );
  }

  /** The server's instructions from the handshake, if it sent any. */
  get instructions(): string | undefined {
    return this.#client?.getInstructions();
  }

  /** The per-request timeout of this server. */
  get requestTimeoutMs(): number {
    return this.definition.requestTimeoutMs ?? this.#options.requestTimeoutMs;
  }

  /** The longest a tool call may take in all, however often its progress resets the request timeout. */
  get maxTotalRequestMs(): number {
    return this.#options.maxTotalRequestMs;
  }

  /** The handshake timeout of this server. */
  get connectTimeoutMs(): number {
    return this.definition.connectTimeoutMs ?? this.#options.connectTimeoutMs;
  }

  /** Connects for the first time. Rejects with a {@link McpClientError} naming the server and reason. */
  connect(): Promise<void> {
    return this.#single(() => this.#firstConnect());
  }

  /**
   * Tries once more to connect a server that is not connected — its first connect failed, or a
   * reconnect loop gave up — with the same timeouts. A server that was connected before reports
   * `reconnecting` (attempt 1) then `recovered`; one that never was reports `connecting` then
   * `connected`; a failure reports `failed` and rejects with the reason. A connect or reconnect
   * loop already under way is awaited first, so a server is never opened twice at once.
   * Resolves with the phase reached, or `already-connected` when there was nothing to do (a
   * deprecated spelling: `already_connected` from the next minor, see `McpReconnectResult`).
   * Rejects with `not_connected` once the connection is closed for good.
   */
  async retry(): Promise<'connected' | 'recovered' | 'already-connected' | 'already_connected'> {
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
      throw new McpClientError(
        McpClientErrorCode.NotConnected,
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
      this.#report(failureState(error), { error: this.#lastError });
      throw error;
    }
    const client = this.#client;
    if (await this.#prepare(client, false)) {
      this.#everConnected = true;
      this.#report('connected');
      return;
    }
    // Lost while its catalogs were listed: the reconnect loop has taken over, unless the
    // listing itself was over the stdio limit (then the connect fails with that reason).
    this.#everConnected = true;
    await this.#assertNotGivenUp(client);
  }

  /**
   * The owner's work after a handshake (catalogs, handlers) before the phase is announced.
   * Resolves `true` when the connection is still up, `false` when it was lost meanwhile. When
   * the work fails on a live connection (a refused or timed-out `tools/list`), the connection
   * is ended, `failed` is reported with the reason, and the error is thrown: a server whose
   * tools cannot be listed is never announced as connected.
   */
  async #prepare(client: Client | undefined, recovered: boolean, attempt?: number): Promise<boolean> {
    this.#preparing = true;
    try {
      await this.#ready(recovered);
    } catch (error) {
      if (this.#client !== client || this.#closing) throw error;
      this.#preparing = false;
      this.#lastError = reasonOf(error);
      await this.#discard();
      this.#report(failureState(error), {
        ...(attempt === undefined ? {} : { attempt }),
        error: this.#lastError,
      });
      throw error;
    } finally {
      this.#preparing = false;
    }
    return this.#client === client;
  }

  /** The owner's work after a handshake; its failure becomes a connect failure naming the server. */
  async #ready(recovered: boolean): Promise<void> {
    try {
      await this.#hooks.onReady(this, recovered);
    } catch (error) {
      throw McpClientError.isInstance(error)
        ? error
        : new McpClientError(
            McpClientErrorCode.ConnectFailed,
            `MCP server "${this.name}" connected, but preparing it failed: ${reasonOf(error)}`,
            { server: this.name, cause: error },
          );
    }
  }

  /** One reconnect asked for by the host, after the automatic loop gave up (or was disabled). */
  async #requestedReconnect(): Promise<void> {
    this.#report('reconnecting', { attempt: 1, error: this.#lastError ?? 'connection lost' });
    try {
      await this.#open();
    } catch (error) {
      this.#lastError = reasonOf(error);
      this.#report(failureState(error), { attempt: 1, error: this.#lastError });
      throw error;
    }
    if (this.#closing) {
      // Closed while the handshake ran: do not leave a fresh child process behind.
      await this.#discard();
      this.#assertOpen();
    }
    const client = this.#client;
    if (await this.#prepare(client, true, 1)) {
      this.#report('recovered', { attempt: 1 });
      return;
    }
    await this.#assertNotGivenUp(client);
  }

  /**
   * After the catalogs of a fresh `client` were listed: when a listing's answer was over the
   * stdio limit, the connection is gone and will not come back by itself; the connect fails
   * with that reason (once the phase `failed` is reported).
   */
  async #assertNotGivenUp(client: Client | undefined): Promise<void> {
    if (client === undefined || this.#client === client) return;
    const overflow = this.#overflow;
    if (overflow?.client !== client || !includesListing(overflow.waiting)) return;
    await this.#reconnecting;
    throw new McpClientError(McpClientErrorCode.MessageTooLarge, this.#lastError ?? 'connection lost', {
      server: this.name,
    });
  }

  /**
   * In the 2026-07-28 era, opens the `subscriptions/listen` stream for the lists the server
   * says change, so that their `list_changed` notifications arrive (a 2025 server sends them
   * unasked; nothing is opened for one). Resolves with the reason when the server refused the
   * stream: the connection stays usable, and its lists are then read on (re)connect only.
   */
  listenForListChanges(): Promise<string | undefined> {
    return listenForListChanges(this.client, (filter) =>
      this.request('subscriptions/listen', (sdk, options) => sdk.listen(filter, options)),
    );
  }

  /**
   * Sends one request with this server's timeout and total cap and the caller's abort signal;
   * the timeout pauses while the host's handlers answer a question of the server (see
   * {@link HostAnswers}). SDK errors come back as {@link McpClientError}: `aborted`,
   * `timeout`, `connection_lost` or `server_error`. Each request is a CLIENT span and a point
   * of `mcp.client.operation.duration` (see `ConnectionTelemetry`); `operation` names it until
   * the wire does, so it begins with the method (`tools/call "echo"`).
   */
  request<T>(operation: string, send: RequestSender<Client, T>, signal?: AbortSignal): Promise<T> {
    return this.#telemetry.trace(
      operation,
      () => this.#facts(),
      () => this.#send(operation, send, signal),
    );
  }

  #facts(): ConnectionFacts {
    return {
      sessionId: this.#transport?.sessionId,
      protocolVersion: this.#client?.getNegotiatedProtocolVersion(),
    };
  }

  #send<T>(operation: string, send: RequestSender<Client, T>, signal: AbortSignal | undefined): Promise<T> {
    let client: Client;
    try {
      client = this.client;
    } catch (error) {
      return Promise.reject(error);
    }
    const timeout = this.requestTimeoutMs;
    const timing = {
      timeoutMs: timeout,
      maxTotalMs: this.#options.maxTotalRequestMs,
      answers: this.#answers,
    };
    return sendRequest(client, send, timing, signal, (error) =>
      this.#failure(operation, timeout, client, error, signal),
    );
  }

  #failure(
    operation: string,
    timeout: number,
    client: Client,
    error: unknown,
    signal: AbortSignal | undefined,
  ): McpClientError {
    // An OAuth server whose token can no longer be renewed without the user: the connection is
    // ended and the server is needs_auth (its tools go), until a login and a reconnect.
    // The requests that ending cut off fail with its reason, not as a lost connection.
    if (this.#endedForLogin?.client === client) return this.#endedForLogin.error;
    const needsAuth = needsAuthError(this.name, error);
    if (needsAuth !== undefined) {
      if (!this.#preparing && !this.#closing && this.#client === client) {
        this.#endedForLogin = { client, error: needsAuth };
        this.#lastError = needsAuth.message;
        void this.#discard();
        this.#report('needs_auth', { error: needsAuth.message });
      }
      return needsAuth;
    }
    // HTTP transports report no close: a server that is unreachable, or that no longer
    // knows the session (it restarted), is a lost connection and starts the reconnect loop.
    const transport = this.definition.transport;
    if ((transport === 'streamable-http' || transport === 'sse') && isHttpConnectionLoss(error)) {
      const kind = transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP';
      const reason = `the ${kind} server could not be reached or dropped the session (${reasonOf(error)})`;
      this.#connectionLost(client, reason);
      return new McpClientError(
        McpClientErrorCode.ConnectionLost,
        `MCP server "${this.name}" was lost during ${operation}: ${reason}; reconnecting`,
        { server: this.name, cause: error },
      );
    }
    const overflow = this.#overflow?.client === client ? this.#overflow : undefined;
    // Each request the oversized message cut off names itself, so the close can say which were waiting.
    overflow?.waiting.push(operation);
    return mapRequestError(
      {
        server: this.name,
        operation,
        timeoutMs: timeout,
        signal,
        stderrSuffix: this.#stderr.suffix(),
        closeReason:
          overflow === undefined ? undefined : describeStdioOverflow(this.name, overflow.limit, [operation]),
      },
      error,
    );
  }

  /**
   * Closes the connection for good: no reconnect, and the child process (if any) is ended (see
   * {@link shutDownTransport}).
   */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    const client = this.#client;
    const transport = this.#transport;
    this.#client = undefined;
    this.#transport = undefined;
    await shutDownTransport(client, transport, this.#options.shutdownGraceMs, this.#options.stdio);
    // A handshake under way fails once its transport is gone, or, when its transport did not
    // exist yet, ends what it opened itself (see #handshake).
    await this.#opening?.catch(() => undefined);
    this.#report('closed');
  }

  /** Ends a connection made while the host was closing this one. */
  async #discard(): Promise<void> {
    const client = this.#client;
    const transport = this.#transport;
    this.#client = undefined;
    this.#transport = undefined;
    await shutDownTransport(client, transport, this.#options.shutdownGraceMs, this.#options.stdio);
  }

  #report(state: McpConnectionState, extra: { attempt?: number; error?: string } = {}): void {
    this.#phase = state;
    // Every event passes here: no credential a server echoed reaches a host's handler.
    const error = extra.error === undefined ? {} : { error: redactSecrets(extra.error) };
    this.#hooks.onChange({ server: this.name, state, ...extra, ...error, at: Date.now() });
  }

  #open(): Promise<void> {
    const opening = this.#handshake();
    this.#opening = opening;
    return opening.finally(() => {
      if (this.#opening === opening) this.#opening = undefined;
    });
  }

  async #handshake(): Promise<void> {
    const { client } = await openClient({
      definition: this.definition,
      prior: this.#prior,
      options: this.#options,
      connectTimeoutMs: this.connectTimeoutMs,
      stderr: this.#stderr,
      answers: this.#answers,
      onTransport: (transport) => {
        this.#transport = transport;
      },
      // Remembered so that the close, and the requests it cuts off, can say what happened.
      onOverflow: (overflowed, limit) => {
        this.#overflow = { client: overflowed, limit, waiting: [] };
      },
    });
    if (this.#closing) {
      // Closed before this handshake's transport existed, so the close could not end it.
      const transport = this.#transport;
      this.#transport = undefined;
      await shutDownTransport(client, transport, this.#options.shutdownGraceMs, this.#options.stdio);
      this.#assertOpen();
    }
    client.onclose = () => this.#onClientClosed(client);
    this.#client = client;
    this.#prior = priorOf(client);
  }

  /**
   * The protocol this connection agreed with the server: the era (\`modern\` for 2026-07-28 and
   * later, \`legacy\` for the \`initialize\` handshake of 2025-11-25 and older) and the version.
   */
  get protocol(): { readonly era: 'modern' | 'legacy'; readonly version: string } | undefined {
    const client = this.#client;
    const era = client?.getProtocolEra();
    const version = client?.getNegotiatedProtocolVersion();
    return era === undefined || version === undefined ? undefined : { era, version };
  }

  #onClientClosed(client: Client): void {
    const overflow = this.#overflow?.client === client ? this.#overflow : undefined;
    if (overflow === undefined) {
      this.#connectionLost(client, `the connection closed unexpectedly${this.#stderr.suffix()}`);
      return;
    }
    // Inside a reconnect loop (a fresh connection's catalog was being listed) the loop itself
    // asks for the verdict once the listing failed (see ready in #reconnect).
    this.#connectionLost(client, describeStdioOverflow(this.name, overflow.limit, overflow.waiting));
  }

  /**
   * Starts the reconnect loop once per lost client (a close, or an HTTP server gone away).
   * After an oversized message, the loop waits for the verdict of {@link #judgeOverflow}.
   */
  #connectionLost(client: Client, reason: string): void {
    if (this.#closing || this.#client !== client) return;
    this.#client = undefined;
    this.#lastError = reason;
    // Closing the dead client fires its onclose, which the check above ignores from now on.
    void client.close().catch(() => undefined);
    const overflow = this.#overflow?.client === client ? this.#overflow : undefined;
    this.#reconnecting ??= (
      overflow === undefined ? this.#reconnect() : this.#judgeOverflow(overflow, true)
    ).finally(() => {
      this.#reconnecting = undefined;
    });
  }

  /**
   * Acts on {@link overflowVerdict} for a message over the stdio limit: the reconnect loop, or
   * `failed` at once. The SDK fails the requests that were waiting right after it reports the
   * close; one turn of the event loop later each has named itself (see #failure).
   */
  async #judgeOverflow(overflow: Overflow, startLoop: boolean): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const verdict = overflowVerdict(this.name, overflow.limit, overflow.waiting);
    this.#lastError = verdict.reason;
    if (verdict.reconnect) {
      if (startLoop) await this.#reconnect();
      return;
    }
    this.#giveUpReason = verdict.reason;
    if (startLoop) this.#report('failed', { error: verdict.reason });
  }

  /** The automatic reconnect loop (see {@link runReconnectLoop}) over this connection. */
  #reconnect(): Promise<void> {
    const connection = this;
    const lastError = () => this.#lastError ?? 'connection lost';
    return runReconnectLoop(this.#options.reconnect, {
      get isClosing() {
        return connection.#closing;
      },
      get lastError() {
        return lastError();
      },
      report: (state, attempt) =>
        this.#report(state, {
          ...(attempt === undefined ? {} : { attempt }),
          ...(state === 'recovered' ? {} : { error: lastError() }),
        }),
      open: async () => {
        try {
          await this.#open();
        } catch (error) {
          this.#lastError = reasonOf(error);
          throw error;
        }
      },
      discard: () => this.#discard(),
      get giveUpReason() {
        return connection.#giveUpReason;
      },
      ready: async () => {
        const client = this.#client;
        this.#giveUpReason = undefined;
        this.#preparing = true;
        try {
          await this.#hooks.onReady(this, true);
        } catch (error) {
          this.#lastError = reasonOf(error);
          // Up but its tools could not be listed: a failed attempt, not a recovery.
          if (this.#client === client && !this.#closing) {
            this.#preparing = false;
            await this.#discard();
            return false;
          }
        } finally {
          this.#preparing = false;
        }
        if (client === undefined || this.#client === client) return true;
        // Lost again while its catalog was listed: a failed attempt, or the end of the loop
        // when the listing itself was over the stdio limit.
        if (this.#overflow?.client === client) await this.#judgeOverflow(this.#overflow, false);
        return false;
      },
    });
  }

  /** Resolves when a reconnect loop in progress ends (recovered or failed). */
  async reconnected(): Promise<void> {
    await this.#reconnecting;
  }
}
