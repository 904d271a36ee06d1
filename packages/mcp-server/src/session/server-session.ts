import { randomUUID } from 'node:crypto';
import type { LoggingLevel, Transport } from '@modelcontextprotocol/server';
import { Server } from '@modelcontextprotocol/server';
import { GrantedArtifacts } from '../resources/granted-artifacts.js';
import { SessionArtifacts } from '../resources/session-artifacts.js';
import { traceRequestHandlers } from '../telemetry/traced-request-handlers.js';
import { serverCapabilities } from './capabilities.js';
import { closeGraceMs, DEFAULT_SHUTDOWN_GRACE_MS, type McpCloseOptions } from './close-options.js';
import { InFlightCalls } from './in-flight-calls.js';
import { registerCompletionHandler, registerPromptHandlers } from './prompt-handlers.js';
import { registerResourceHandlers } from './resource-handlers.js';
import { type ServerCore, servesResources } from './server-core.js';
import { registerToolHandlers } from './tool-handlers.js';

/** One connected MCP client, as the host sees it. */
export interface McpServerSession {
  /** The MCP session id (Streamable HTTP), or one this server made up (stdio). */
  readonly sessionId: string;
  /** Tool calls of this session that have not finished. */
  readonly callsInFlight: number;
  /** Settles when the connection has closed, whoever closed it. */
  readonly closed: Promise<void>;
  /**
   * Lets running tool calls finish for up to `graceMs` (default 10 s), aborts the rest (their
   * clients get an aborted result), then closes the connection.
   */
  close(options?: McpCloseOptions): Promise<void>;
}

/** One SDK `Server` bound to one transport, with the state MCP keeps per session. */
export class ServerSession implements McpServerSession {
  readonly calls = new InFlightCalls();
  readonly artifacts: SessionArtifacts;
  readonly subscriptions = new Set<string>();
  logLevel: LoggingLevel | undefined;
  readonly #server: Server;
  readonly #transport: Transport;
  readonly #core: ServerCore;
  readonly #localId = randomUUID();
  readonly closed: Promise<void>;
  #initialized = false;
  #closing: Promise<void> | undefined;

  constructor(core: ServerCore, transport: Transport) {
    this.#core = core;
    this.#transport = transport;
    const grants = new GrantedArtifacts(core.signingKeys.artifactGrants, () => `session:${this.sessionId}`);
    this.artifacts = new SessionArtifacts(grants, () => this.notifyResourceListChanged());
    this.#server = new Server(core.serverInfo, {
      capabilities: serverCapabilities(core),
      ...(core.instructions === undefined ? {} : { instructions: core.instructions }),
    });
    // Before any handler is registered: each of them runs in its request's span.
    traceRequestHandlers(this.#server, core.telemetry);
    this.closed = new Promise((resolve) => {
      this.#server.onclose = () => resolve();
    });
    this.#server.oninitialized = () => {
      this.#initialized = true;
    };
    this.#server.setRequestHandler('logging/setLevel', (request) => {
      this.logLevel = request.params.level;
      return {};
    });
    registerToolHandlers(this.#server, core, this);
    if (servesResources(core)) registerResourceHandlers(this.#server, core, this);
    if (!core.prompts.isEmpty) registerPromptHandlers(this.#server, core, this);
    if (!core.prompts.isEmpty || core.resources.hasTemplates) registerCompletionHandler(this.#server, core);
  }

  get sessionId(): string {
    return this.#transport.sessionId ?? this.#localId;
  }

  get callsInFlight(): number {
    return this.calls.size;
  }

  /** Starts the transport and begins answering. */
  start(): Promise<void> {
    return this.#server.connect(this.#transport);
  }

  /** Tells the client to refetch `tools/list` (once it has finished initialising). */
  notifyToolListChanged(): void {
    if (this.#initialized) this.#server.sendToolListChanged().catch(this.#core.onError);
  }

  /** Tells the client a resource it subscribed to changed. */
  notifyResourceUpdated(uri: string): void {
    if (this.#initialized && this.subscriptions.has(uri)) {
      this.#server.sendResourceUpdated({ uri }).catch(this.#core.onError);
    }
  }

  /** Tells the client the resource list changed (a new artifact, a host change). */
  notifyResourceListChanged(): void {
    if (this.#initialized && servesResources(this.#core)) {
      this.#server.sendResourceListChanged().catch(this.#core.onError);
    }
  }

  async close(options: McpCloseOptions = {}): Promise<void> {
    // Checked before the shutdown starts: a refused option rejects this call and leaves the
    // session open for a corrected one.
    const graceMs = closeGraceMs('McpServerSession.close', options, DEFAULT_SHUTDOWN_GRACE_MS);
    this.#closing ??= (async () => {
      await this.calls.drain(graceMs, 'the MCP server is shutting down');
      await this.#server.close();
    })();
    return this.#closing;
  }
}
