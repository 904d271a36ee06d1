import type { ExecutionContext, Tool, ToolResult } from '@toolwright/contracts';
import { ToolResults } from '@toolwright/contracts';
import type { CatalogChange, McpConnectionChange, ToolRegistry } from '@toolwright/registry';
import { compileJsonSchema, type SchemaValidator } from '@toolwright/validation';
import type { McpArtifactSink } from './artifact-sink.js';
import { failureResult } from './call-failure.js';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import { type CatalogLimits, DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
import type { McpCatalogEntry, McpToolDefinition } from './catalog-screen.js';
import { McpConnectionManager } from './connection-manager.js';
import { DEFAULT_OUTPUT_ROUTING, type OutputRoutingOptions } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { createMcpTool } from './mcp-tool.js';
import { type RefreshKind, RefreshScheduler } from './refresh-scheduler.js';
import { ServerCatalog } from './server-catalog.js';
import type { ReconnectPolicy, ServerConnection } from './server-connection.js';
import type { McpServerDefinition } from './server-definition.js';
import { installNotificationHandlers } from './server-notifications.js';
import { TaskOwnership } from './task-ownership.js';
import { stripControlCharacters } from './text-sanitising.js';
import { callMcpTool, type McpTaskStatus, type ToolCallHooks, type ToolCallPlan } from './tool-call.js';
import { McpToolNameMap, type McpToolTarget, mcpToolName } from './tool-naming.js';
import type { ToolResultRoutingContext } from './tool-result-routing.js';
import { markUntrusted, untrustedMarkersOf } from './untrusted-text.js';

/** Options of {@link McpAdapter}. */
export interface McpAdapterOptions {
  /** The registry MCP tools are applied to (atomically, through `replaceMcpTools`) and whose queues get events. */
  readonly registry: ToolRegistry;
  /** The servers: entries of {@link parseMcpServersConfig}, or custom transports. */
  readonly servers: readonly McpServerDefinition[];
  /** Where binary parts and large text go (a `SessionArtifactStore`). */
  readonly artifacts: McpArtifactSink;
  readonly limits?: Partial<CatalogLimits>;
  readonly output?: Partial<OutputRoutingOptions>;
  /** Handshake timeout per server; default 30 s. */
  readonly connectTimeoutMs?: number;
  /** Timeout per request (a tool call, a listing page); default 60 s. */
  readonly requestTimeoutMs?: number;
  readonly reconnect?: Partial<ReconnectPolicy>;
  /** How long a stdio server may take to exit after its stdin closes before it gets SIGTERM; default 500 ms. */
  readonly shutdownGraceMs?: number;
  /**
   * Whether MCP tools are deferred (their schema reaches the model only after ToolSearch loaded
   * them); default true. Turn it off only for a few small servers.
   */
  readonly deferTools?: boolean;
  /** Quiet time after the last `list_changed` before a refresh; default 300 ms. */
  readonly listChangedDebounceMs?: number;
  readonly clientInfo?: { name: string; version: string };
  /** Every catalog diagnostic (dropped entries, pagination guards, failed listings). */
  readonly onDiagnostic?: (diagnostic: CatalogDiagnostic) => void;
  /** Every connection phase of every server (also queued in the registry). */
  readonly onConnectionChange?: (change: McpConnectionChange) => void;
}

/** The outcome of {@link McpAdapter.connect}. */
export interface McpConnectResult {
  readonly connected: string[];
  /** Servers that failed to connect, each with the reason; the others work. */
  readonly failed: Array<{ server: string; reason: string }>;
  readonly diagnostics: CatalogDiagnostic[];
}

/** The outcome of {@link McpAdapter.reconnect}. */
export interface McpReconnectResult {
  readonly server: string;
  /**
   * `connected`: a server that had never connected did now; `recovered`: a server that had
   * been connected before is back; `already-connected`: nothing to do; `failed`: see `reason`.
   */
  readonly outcome: 'connected' | 'recovered' | 'already-connected' | 'failed';
  /** Why the attempt failed (names the server and the cause), when `outcome` is `failed`. */
  readonly reason?: string;
  /** How many of its tools are in the registry afterwards. */
  readonly tools: number;
}

/** One server's current catalog as the adapter holds it. */
export interface McpServerCatalog {
  readonly server: string;
  readonly tools: readonly McpToolDefinition[];
  readonly resources: readonly McpCatalogEntry[];
  readonly resourceTemplates: readonly McpCatalogEntry[];
  readonly prompts: readonly McpCatalogEntry[];
  /** The diagnostics of the latest refresh of each listing. */
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** How many refreshes have run (the initial listing included). */
  readonly refreshes: number;
}

/** A server's connection status. */
export interface McpServerStatus {
  readonly server: string;
  readonly phase: McpConnectionChange['state'];
  /** The child process id of a stdio server while it runs. */
  readonly pid: number | undefined;
  readonly tools: number;
  readonly lastError: string | undefined;
}

/** Counters for tests and benchmarks. */
export interface McpAdapterStats {
  readonly tools: number;
  /** Input schemas handed to Ajv so far; registering a catalog compiles none (they compile on first call). */
  readonly inputSchemasCompiled: number;
  readonly refreshes: number;
}

const MAX_INSTRUCTIONS_CHARACTERS = 16_384;
const ALL_KINDS: ReadonlySet<RefreshKind> = new Set(['tools', 'resources', 'prompts']);

/**
 * Live MCP servers as toolwright registry tools. `connect()` connects every server in
 * parallel, lists and screens each catalog and applies the tools to the registry in one
 * atomic `replaceMcpTools`; `list_changed` notifications are debounced into refreshes that
 * apply the net delta; logs, instructions, resource updates, connection phases and task
 * changes go to the registry's queues; tool results are routed through the artifact store.
 */
export class McpAdapter {
  readonly #options: McpAdapterOptions;
  readonly #registry: ToolRegistry;
  readonly #routing: OutputRoutingOptions;
  readonly #connections: McpConnectionManager;
  readonly #catalogs = new Map<string, ServerCatalog>();
  readonly #schedulers = new Map<string, RefreshScheduler>();
  readonly #names = new McpToolNameMap();
  readonly #outputValidators = new WeakMap<McpToolDefinition, SchemaValidator>();
  readonly #callPlans = new WeakMap<McpToolDefinition, ToolCallPlan>();
  readonly #compileCounter = { count: 0 };
  /** Serialises registry updates so two servers refreshing at once never interleave their replace. */
  #applyQueue: Promise<void> = Promise.resolve();
  /** Tasks started through this adapter, by session. */
  readonly tasks = new TaskOwnership();
  /** Built once: a tool call is a hot path. */
  readonly #callHooks: ToolCallHooks = {
    plan: (definition) => this.#callPlan(definition),
    onTaskCreated: (server, task, sessionId) => {
      this.tasks.record(server, task.taskId, sessionId);
      this.reportTask(server, task);
    },
    onTaskStatus: (server, task) => this.reportTask(server, task),
  };

  constructor(options: McpAdapterOptions) {
    this.#options = options;
    this.#registry = options.registry;
    this.#routing = { ...DEFAULT_OUTPUT_ROUTING, ...options.output };
    this.#connections = new McpConnectionManager(options.servers, {
      ...(options.clientInfo === undefined ? {} : { clientInfo: options.clientInfo }),
      ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
      ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
      ...(options.reconnect === undefined ? {} : { reconnect: options.reconnect }),
      ...(options.shutdownGraceMs === undefined ? {} : { shutdownGraceMs: options.shutdownGraceMs }),
      onConnectionChange: (change) => this.#onConnectionChange(change),
      onReady: (connection, recovered) => this.#onReady(connection, recovered),
    });
    const context = {
      registry: options.registry,
      limits: { ...DEFAULT_CATALOG_LIMITS, ...options.limits },
      names: this.#names,
      compileCounter: this.#compileCounter,
      serialise: (apply: () => void) => this.#serialise(apply),
      onDiagnostic: (diagnostic: CatalogDiagnostic) => options.onDiagnostic?.(diagnostic),
      createTool: (
        definition: McpToolDefinition,
        name: string,
        validator: SchemaValidator<Record<string, unknown>>,
      ) =>
        createMcpTool({
          definition,
          name,
          validator,
          shouldDefer: options.deferTools ?? true,
          call: (_definition, params, context) => this.callTool(name, params, context),
        }),
    };
    for (const { name } of options.servers) {
      this.#catalogs.set(name, new ServerCatalog(name, context));
      this.#schedulers.set(
        name,
        new RefreshScheduler({
          debounceMs: options.listChangedDebounceMs ?? 300,
          run: async (kinds) => {
            await this.#refresh(name, kinds, 'list_changed');
          },
          onError: (error) =>
            options.onDiagnostic?.({
              server: name,
              list: 'tools',
              code: 'listing_failed',
              message: `MCP server "${name}": the refresh after list_changed failed: ${error instanceof Error ? error.message : String(error)}`,
            }),
        }),
      );
    }
  }

  /**
   * Connects every server in parallel (each with its own timeout), lists their catalogs and
   * applies the tools to the registry. A server that fails is reported by name and reason;
   * the others are usable.
   */
  async connect(): Promise<McpConnectResult> {
    const result = await this.#connections.connectAll();
    return {
      connected: result.connected,
      failed: result.failed.map(({ server, reason }) => ({ server, reason })),
      diagnostics: [...this.#catalogs.values()].flatMap((catalog) => catalog.diagnostics()),
    };
  }

  /**
   * Tries once more to connect one server that failed — its first connect, or an automatic
   * reconnect loop that gave up — with the same timeouts as `connect()`. Phases go to
   * `onConnectionChange` and the registry's connection queue as they happen (`connecting` /
   * `connected` for a server that never connected, `reconnecting` / `recovered` for one that
   * had); on success its catalog is listed and its tools applied. A server's failure comes back
   * as `outcome: 'failed'` with the reason, never as a throw. Throws `mcp_unknown_server` for a
   * name that is not configured and `mcp_not_connected` after {@link McpAdapter.close}.
   */
  async reconnect(server: string): Promise<McpReconnectResult> {
    const connection = this.#connections.get(server);
    const tools = () => this.#catalogs.get(server)?.tools.size ?? 0;
    let outcome: Awaited<ReturnType<ServerConnection['retry']>>;
    try {
      outcome = await connection.retry();
    } catch (error) {
      if (connection.isClosed) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      return { server, outcome: 'failed', reason, tools: tools() };
    }
    return { server, outcome, tools: tools() };
  }

  /**
   * Re-lists a server's catalogs now (what a `list_changed` does after its debounce) and
   * returns the registry's change for its tools.
   */
  async refresh(
    server: string,
    kinds: readonly RefreshKind[] = ['tools', 'resources', 'prompts'],
  ): Promise<CatalogChange | undefined> {
    return this.#refresh(server, new Set(kinds), 'manual');
  }

  /** Resolves when no `list_changed` refresh is waiting or running (useful in tests and at shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.#schedulers.values()].map((scheduler) => scheduler.settled()));
    await this.#applyQueue;
  }

  /** Closes every connection (ending child processes) and removes the MCP tools from the registry. */
  async close(): Promise<void> {
    for (const scheduler of this.#schedulers.values()) scheduler.close();
    await this.#connections.closeAll();
    await Promise.all([...this.#catalogs.values()].map((catalog) => catalog.dropTools('closed')));
  }

  /** Every server's connection status. */
  servers(): McpServerStatus[] {
    return this.#connections.list().map((connection) => ({
      server: connection.name,
      phase: connection.phase,
      pid: connection.pid,
      tools: this.#catalogs.get(connection.name)?.tools.size ?? 0,
      lastError: connection.lastError,
    }));
  }

  /** A server's current catalog. Throws `mcp_unknown_server` for a name that is not configured. */
  catalog(server: string): McpServerCatalog {
    const catalog = this.#catalog(server);
    return {
      server,
      tools: [...catalog.tools.values()].map((entry) => entry.definition),
      resources: catalog.content.resources,
      resourceTemplates: catalog.content.resourceTemplates,
      prompts: catalog.content.prompts,
      diagnostics: catalog.diagnostics(),
      refreshes: catalog.refreshes,
    };
  }

  /** Every MCP tool currently applied, across servers. */
  tools(): Tool[] {
    return [...this.#catalogs.values()].flatMap((catalog) =>
      [...catalog.tools.values()].map((entry) => entry.tool),
    );
  }

  /** The server and real tool name behind a registry name. */
  resolveToolName(name: string): McpToolTarget | undefined {
    return this.#names.resolve(name);
  }

  /** The connection of a server (its SDK client, phase, pid). */
  connection(server: string): ServerConnection {
    return this.#connections.get(server);
  }

  /** Counters: tools applied, schemas compiled, refreshes run. */
  stats(): McpAdapterStats {
    let refreshes = 0;
    for (const catalog of this.#catalogs.values()) refreshes += catalog.refreshes;
    return { tools: this.tools().length, inputSchemasCompiled: this.#compileCounter.count, refreshes };
  }

  /** The routing options in force (for helper tools that route content themselves). */
  get routing(): OutputRoutingOptions {
    return this.#routing;
  }

  /** The artifact sink results are routed to. */
  get artifacts(): McpArtifactSink {
    return this.#options.artifacts;
  }

  /**
   * Calls an MCP tool by its registry name, with the server's timeout and the context's abort
   * signal, and routes the result. Failures come back as error results, never as throws.
   */
  callTool(name: string, params: Record<string, unknown>, context: ExecutionContext): Promise<ToolResult> {
    const target = this.#names.resolve(name);
    const entry = target === undefined ? undefined : this.#catalogs.get(target.server)?.tools.get(name);
    if (target === undefined || entry === undefined) {
      return Promise.resolve(
        ToolResults.notFound(
          `no MCP tool named ${JSON.stringify(name)} is currently offered by any connected server`,
        ),
      );
    }
    // No async/await and no extra promise layer: this is the hot path of every MCP tool call.
    return callMcpTool(
      this.#connections.get(target.server),
      entry.definition,
      params,
      context,
      this.#callHooks,
    );
  }

  /** Runs `operation` against a configured server, turning any failure into an error result. */
  async run(
    server: string,
    operation: (connection: ServerConnection) => Promise<ToolResult>,
    signal?: AbortSignal,
  ): Promise<ToolResult> {
    return this.guard(() => operation(this.#connections.get(server)), signal);
  }

  /** Runs `operation`, turning any failure into an error result (timeout, aborted, not found or execution). */
  async guard(operation: () => Promise<ToolResult>, signal?: AbortSignal): Promise<ToolResult> {
    try {
      return await operation();
    } catch (error) {
      return failureResult(error, signal);
    }
  }

  /** Remembers a resource subscription so that it is renewed after a reconnect. */
  trackSubscription(server: string, uri: string, subscribed: boolean): void {
    const subscriptions = this.#catalog(server).subscriptions;
    if (subscribed) subscriptions.add(uri);
    else subscriptions.delete(uri);
  }

  /** The MCP tool behind a registry name, or behind a server's real tool name. */
  findTool(server: string, name: string): { definition: McpToolDefinition; tool: Tool } | undefined {
    const tools = this.#catalog(server).tools;
    return tools.get(name) ?? tools.get(mcpToolName(server, name));
  }

  /** Reports a task's status to the registry's task queue (status message stripped of control characters). */
  reportTask(server: string, task: McpTaskStatus): void {
    this.#registry.enqueueMcpTaskChange({
      server,
      taskId: task.taskId,
      status: task.status,
      ...(task.statusMessage === undefined
        ? {}
        : { statusMessage: stripControlCharacters(task.statusMessage) }),
    });
  }

  #catalog(server: string): ServerCatalog {
    const catalog = this.#catalogs.get(server);
    if (catalog === undefined) {
      // The connection manager names the configured servers in its error.
      this.#connections.get(server);
      throw new McpAdapterError(
        McpAdapterErrorCode.UnknownServer,
        `no MCP server named ${JSON.stringify(server)}`,
      );
    }
    return catalog;
  }

  async #refresh(
    server: string,
    kinds: ReadonlySet<RefreshKind>,
    reason: string,
  ): Promise<CatalogChange | undefined> {
    return this.#catalog(server).refresh(this.#connections.get(server), kinds, reason);
  }

  #serialise(apply: () => void): Promise<void> {
    const result = this.#applyQueue.then(apply, apply);
    this.#applyQueue = result.catch(() => undefined);
    return result;
  }

  /** Built on a definition's first call and kept while the definition lives (a refresh makes new ones). */
  #callPlan(definition: McpToolDefinition): ToolCallPlan {
    let plan = this.#callPlans.get(definition);
    if (plan === undefined) {
      plan = Object.freeze({
        routing: this.#createRoutingContext(definition),
        operation: `tools/call "${definition.name}"`,
      });
      this.#callPlans.set(definition, plan);
    }
    return plan;
  }

  #createRoutingContext(definition: McpToolDefinition): ToolResultRoutingContext {
    const outputSchema = definition.outputSchema;
    return {
      server: definition.server,
      toolName: definition.name,
      sink: this.#options.artifacts,
      routing: this.#routing,
      markers: untrustedMarkersOf(definition.server),
      outputValidator:
        outputSchema === undefined
          ? undefined
          : () => {
              let validator = this.#outputValidators.get(definition);
              if (validator === undefined) {
                validator = compileJsonSchema(outputSchema, undefined, {
                  name: `output schema of MCP tool "${definition.name}" (server "${definition.server}")`,
                });
                this.#outputValidators.set(definition, validator);
              }
              return validator;
            },
    };
  }

  #onConnectionChange(change: McpConnectionChange): void {
    this.#options.onConnectionChange?.(change);
    this.#registry.enqueueMcpConnectionChange(change);
    if (change.state === 'failed') void this.#catalogs.get(change.server)?.dropTools('server failed');
  }

  async #onReady(connection: ServerConnection, recovered: boolean): Promise<void> {
    const server = connection.name;
    const catalog = this.#catalog(server);
    installNotificationHandlers(connection.client, {
      onListChanged: (kind) => this.#schedulers.get(server)?.request(kind),
      onLog: (entry) => this.#registry.enqueueMcpLog({ server, ...entry }),
      onResourceUpdated: (uri) => this.#registry.enqueueMcpResourceUpdate({ server, uri }),
      // Only tasks a session here started are reported; others are none of this agent's business.
      onTaskStatus: (task) => {
        if (this.tasks.ownerOf(server, task.taskId) !== undefined) this.reportTask(server, task);
      },
    });
    const instructions = connection.instructions;
    if (instructions !== undefined && instructions.trim() !== '') {
      const stripped = stripControlCharacters(instructions).slice(0, MAX_INSTRUCTIONS_CHARACTERS);
      this.#registry.enqueueMcpServerInstructions({
        server,
        instructions: markUntrusted(server, stripped, 'server instructions'),
      });
    }
    if (recovered) {
      for (const uri of catalog.subscriptions) {
        await connection
          .request('resources/subscribe', (client, options) => client.subscribeResource({ uri }, options))
          .catch(() => catalog.subscriptions.delete(uri));
      }
    }
    await catalog.refresh(connection, ALL_KINDS, recovered ? 'reconnect' : 'connected');
  }
}
