import {
  CallToolResultSchema,
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ExecutionContext, Tool, ToolResult } from '@toolwright/contracts';
import { ToolResults } from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import { compileJsonSchema, type SchemaValidator } from '@toolwright/validation';
import type { McpArtifactSink } from './artifact-sink.js';
import { canonicalJson } from './canonical-json.js';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import { type CatalogLimits, DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
import { listContent, listTools } from './catalog-listing.js';
import type { McpCatalogEntry, McpToolDefinition } from './catalog-screen.js';
import type { McpConnectionChange } from './connection-change.js';
import { McpConnectionManager } from './connection-manager.js';
import { DEFAULT_OUTPUT_ROUTING, type OutputRoutingOptions } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { LazySchemaValidator } from './lazy-schema-validator.js';
import { createMcpTool } from './mcp-tool.js';
import { type RefreshKind, RefreshScheduler } from './refresh-scheduler.js';
import type { ReconnectPolicy, ServerConnection } from './server-connection.js';
import type { McpServerDefinition } from './server-definition.js';
import { TaskOwnership } from './task-ownership.js';
import { stripControlCharacters } from './text-sanitising.js';
import { McpToolNameMap, type McpToolTarget, mcpToolName } from './tool-naming.js';
import { routeToolResult } from './tool-result-routing.js';
import { markUntrusted } from './untrusted-text.js';

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
  readonly phase: McpConnectionChange['phase'];
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

interface ToolEntry {
  readonly definition: McpToolDefinition;
  readonly tool: Tool;
}

type ContentList = 'resources' | 'resourceTemplates' | 'prompts';

interface ServerState {
  readonly server: string;
  tools: Map<string, ToolEntry>;
  content: Record<ContentList, McpCatalogEntry[]>;
  contentSignatures: Map<ContentList, string>;
  diagnostics: Map<string, CatalogDiagnostic[]>;
  readonly scheduler: RefreshScheduler;
  refreshes: number;
  readonly subscriptions: Set<string>;
}

const MAX_LOG_BYTES = 4096;
const MAX_INSTRUCTIONS_CHARACTERS = 16_384;
const CONTENT_KIND = {
  resources: 'resources',
  resourceTemplates: 'resource-templates',
  prompts: 'prompts',
} as const;

function boundedLogData(data: unknown): unknown {
  if (typeof data === 'string')
    return data.length > MAX_LOG_BYTES ? `${data.slice(0, MAX_LOG_BYTES)}… (truncated)` : data;
  let text: string;
  try {
    text = JSON.stringify(data) ?? 'null';
  } catch {
    return '(unserialisable log data)';
  }
  return text.length > MAX_LOG_BYTES ? `${text.slice(0, MAX_LOG_BYTES)}… (truncated)` : data;
}

function contentSignature(entries: readonly McpCatalogEntry[]): string {
  return canonicalJson(entries);
}

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
  readonly #limits: CatalogLimits;
  readonly #routing: OutputRoutingOptions;
  readonly #connections: McpConnectionManager;
  readonly #states = new Map<string, ServerState>();
  readonly #names = new McpToolNameMap();
  readonly #outputValidators = new WeakMap<McpToolDefinition, SchemaValidator>();
  readonly #compileCounter = { count: 0 };
  /** Serialises registry updates so two servers refreshing at once never interleave their replace. */
  #applyQueue: Promise<unknown> = Promise.resolve();
  /** Tasks started through this adapter, by session. */
  readonly tasks = new TaskOwnership();

  constructor(options: McpAdapterOptions) {
    this.#options = options;
    this.#registry = options.registry;
    this.#limits = { ...DEFAULT_CATALOG_LIMITS, ...options.limits };
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
    for (const server of options.servers) {
      this.#states.set(server.name, {
        server: server.name,
        tools: new Map(),
        content: { resources: [], resourceTemplates: [], prompts: [] },
        contentSignatures: new Map(),
        diagnostics: new Map(),
        scheduler: new RefreshScheduler({
          debounceMs: options.listChangedDebounceMs ?? 300,
          run: (kinds) => this.#refresh(server.name, kinds, 'list_changed'),
          onError: (error) =>
            this.#diagnose({
              server: server.name,
              list: 'tools',
              code: 'listing_failed',
              message: `MCP server "${server.name}": the refresh after list_changed failed: ${error instanceof Error ? error.message : String(error)}`,
            }),
        }),
        refreshes: 0,
        subscriptions: new Set(),
      });
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
      diagnostics: [...this.#states.values()].flatMap((state) => [...state.diagnostics.values()].flat()),
    };
  }

  /** Re-lists a server's catalogs now (what a `list_changed` does after its debounce). */
  async refresh(
    server: string,
    kinds: readonly RefreshKind[] = ['tools', 'resources', 'prompts'],
  ): Promise<void> {
    this.#state(server);
    await this.#refresh(server, new Set(kinds), 'manual');
  }

  /** Resolves when no `list_changed` refresh is waiting or running (useful in tests and at shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.#states.values()].map((state) => state.scheduler.settled()));
    await this.#applyQueue;
  }

  /** Closes every connection (ending child processes) and removes the MCP tools from the registry. */
  async close(): Promise<void> {
    for (const state of this.#states.values()) state.scheduler.close();
    await this.#connections.closeAll();
    await this.#enqueueApply(async () => {
      for (const state of this.#states.values()) {
        if (state.tools.size === 0) continue;
        state.tools = new Map();
        this.#names.removeServer(state.server);
        this.#registry.removeMcpTools(state.server, 'closed');
      }
    });
  }

  /** Every server's connection status. */
  servers(): McpServerStatus[] {
    return this.#connections.list().map((connection) => ({
      server: connection.name,
      phase: connection.phase,
      pid: connection.pid,
      tools: this.#states.get(connection.name)?.tools.size ?? 0,
      lastError: connection.lastError,
    }));
  }

  /** A server's current catalog. Throws `mcp_unknown_server` for a name that is not configured. */
  catalog(server: string): McpServerCatalog {
    const state = this.#state(server);
    return {
      server,
      tools: [...state.tools.values()].map((entry) => entry.definition),
      resources: state.content.resources,
      resourceTemplates: state.content.resourceTemplates,
      prompts: state.content.prompts,
      diagnostics: [...state.diagnostics.values()].flat(),
      refreshes: state.refreshes,
    };
  }

  /** Every MCP tool currently applied, across servers. */
  tools(): Tool[] {
    return [...this.#states.values()].flatMap((state) =>
      [...state.tools.values()].map((entry) => entry.tool),
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
    for (const state of this.#states.values()) refreshes += state.refreshes;
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
  async callTool(
    name: string,
    params: Record<string, unknown>,
    context: ExecutionContext,
  ): Promise<ToolResult> {
    const target = this.#names.resolve(name);
    const entry = target === undefined ? undefined : this.#states.get(target.server)?.tools.get(name);
    if (target === undefined || entry === undefined) {
      return ToolResults.notFound(
        `no MCP tool named ${JSON.stringify(name)} is currently offered by any connected server`,
      );
    }
    return this.#call(entry.definition, params, context);
  }

  /** Runs `operation` against a configured server, turning any failure into an error result. */
  async run(
    server: string,
    operation: (connection: ServerConnection) => Promise<ToolResult>,
    signal?: AbortSignal,
  ): Promise<ToolResult> {
    return this.guard(() => operation(this.#connections.get(server)), signal);
  }

  /** Runs `operation`, turning any failure into an error result (timeout, aborted or execution). */
  async guard(operation: () => Promise<ToolResult>, signal?: AbortSignal): Promise<ToolResult> {
    try {
      return await operation();
    } catch (error) {
      return this.#failure(error, signal);
    }
  }

  /** Remembers a resource subscription so that it is renewed after a reconnect. */
  trackSubscription(server: string, uri: string, subscribed: boolean): void {
    const state = this.#state(server);
    if (subscribed) state.subscriptions.add(uri);
    else state.subscriptions.delete(uri);
  }

  /** The MCP tool behind a registry name, or behind a server's real tool name. */
  findTool(server: string, name: string): { definition: McpToolDefinition; tool: Tool } | undefined {
    const state = this.#state(server);
    return state.tools.get(name) ?? state.tools.get(mcpToolName(server, name));
  }

  #state(server: string): ServerState {
    const state = this.#states.get(server);
    // The connection manager knows every configured server: let it throw `mcp_unknown_server`.
    if (state === undefined) {
      this.#connections.get(server);
      throw new McpAdapterError(
        McpAdapterErrorCode.UnknownServer,
        `no MCP server named ${JSON.stringify(server)}`,
      );
    }
    return state;
  }

  async #call(
    definition: McpToolDefinition,
    params: Record<string, unknown>,
    context: ExecutionContext,
  ): Promise<ToolResult> {
    const connection = this.#connections.get(definition.server);
    const operation = `tools/call "${definition.name}"`;
    try {
      if (definition.taskSupport === 'required')
        return await this.#callAsTask(connection, definition, params, context);
      const onProgress = context.onProgress;
      const raw = await connection.request(
        operation,
        (client, options) =>
          client.request(
            { method: 'tools/call', params: { name: definition.name, arguments: params } },
            CallToolResultSchema,
            {
              ...options,
              ...(onProgress === undefined
                ? {}
                : {
                    resetTimeoutOnProgress: true,
                    onprogress: (progress) =>
                      onProgress({
                        message:
                          progress.message ??
                          `${definition.name}: ${progress.progress}${progress.total === undefined ? '' : `/${progress.total}`}`,
                        progress: progress.progress,
                        ...(progress.total === undefined ? {} : { total: progress.total }),
                      }),
                  }),
            },
          ),
        context.signal,
      );
      return await routeToolResult(raw, this.#routingContext(definition));
    } catch (error) {
      return this.#failure(error, context.signal);
    }
  }

  async #callAsTask(
    connection: ServerConnection,
    definition: McpToolDefinition,
    params: Record<string, unknown>,
    context: ExecutionContext,
  ): Promise<ToolResult> {
    const stream = connection.client.experimental.tasks.callToolStream(
      { name: definition.name, arguments: params },
      CallToolResultSchema,
      { task: {}, timeout: connection.requestTimeoutMs, signal: context.signal },
    );
    for await (const message of stream) {
      if (message.type === 'taskCreated') {
        this.tasks.record(definition.server, message.task.taskId, context.sessionId);
        this.#taskChange(definition.server, message.task);
      } else if (message.type === 'taskStatus') {
        this.#taskChange(definition.server, message.task);
      } else if (message.type === 'result') {
        return routeToolResult(message.result, this.#routingContext(definition));
      } else if (message.type === 'error') {
        throw message.error;
      }
    }
    return ToolResults.executionError(
      `MCP server "${definition.server}" ended task-based call of "${definition.name}" without a result`,
    );
  }

  #routingContext(definition: McpToolDefinition) {
    const outputSchema = definition.outputSchema;
    return {
      server: definition.server,
      toolName: definition.name,
      sink: this.#options.artifacts,
      routing: this.#routing,
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

  #failure(error: unknown, signal: AbortSignal | undefined): ToolResult {
    if (signal?.aborted)
      return ToolResults.aborted(
        `the call was aborted: ${error instanceof Error ? error.message : String(error)}`,
      );
    if (McpAdapterError.isInstance(error) && error.code === McpAdapterErrorCode.Timeout)
      return ToolResults.timeout(error);
    if (
      McpAdapterError.isInstance(error) &&
      (error.code === McpAdapterErrorCode.TaskNotOwned || error.code === McpAdapterErrorCode.UnknownServer)
    ) {
      return ToolResults.notFound(error);
    }
    if (error instanceof Error) return ToolResults.executionError(error);
    return ToolResults.executionError(String(error));
  }

  /** Reports a task's status to the registry's task queue (only tasks a session here started). */
  reportTask(
    server: string,
    task: { taskId: string; status: string; statusMessage?: string | undefined },
  ): void {
    this.#taskChange(server, task);
  }

  #taskChange(
    server: string,
    task: { taskId: string; status: string; statusMessage?: string | undefined },
  ): void {
    this.#registry.enqueueMcpTaskChange({
      server,
      taskId: task.taskId,
      status: task.status,
      ...(task.statusMessage === undefined
        ? {}
        : { statusMessage: stripControlCharacters(task.statusMessage) }),
    });
  }

  #diagnose(diagnostic: CatalogDiagnostic): void {
    this.#options.onDiagnostic?.(diagnostic);
  }

  #onConnectionChange(change: McpConnectionChange): void {
    this.#options.onConnectionChange?.(change);
    const state =
      change.phase === 'recovered' ? 'connected' : change.phase === 'closed' ? 'disconnected' : change.phase;
    this.#registry.enqueueMcpConnectionChange({
      server: change.server,
      state,
      ...(change.attempt === undefined ? {} : { attempt: change.attempt }),
      ...(change.reason === undefined ? {} : { error: change.reason }),
    });
    if (change.phase === 'failed') void this.#dropServerTools(change.server, 'server failed');
  }

  async #dropServerTools(server: string, reason: string): Promise<void> {
    const state = this.#states.get(server);
    if (state === undefined || state.tools.size === 0) return;
    await this.#enqueueApply(async () => {
      state.tools = new Map();
      this.#names.removeServer(server);
      this.#registry.removeMcpTools(server, reason);
    });
  }

  async #onReady(connection: ServerConnection, recovered: boolean): Promise<void> {
    const server = connection.name;
    const state = this.#state(server);
    const client = connection.client;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () =>
      state.scheduler.request('tools'),
    );
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () =>
      state.scheduler.request('resources'),
    );
    client.setNotificationHandler(PromptListChangedNotificationSchema, async () =>
      state.scheduler.request('prompts'),
    );
    client.setNotificationHandler(LoggingMessageNotificationSchema, async (notification) => {
      const { level, logger, data } = notification.params;
      this.#registry.enqueueMcpLog({
        server,
        level,
        ...(logger === undefined ? {} : { logger }),
        data: boundedLogData(data),
      });
    });
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) => {
      this.#registry.enqueueMcpResourceUpdate({ server, uri: notification.params.uri });
    });
    client.setNotificationHandler(TaskStatusNotificationSchema, async (notification) => {
      // Only tasks a session here started are reported; others are none of this agent's business.
      if (this.tasks.ownerOf(server, notification.params.taskId) !== undefined)
        this.#taskChange(server, notification.params);
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
      for (const uri of state.subscriptions) {
        await connection
          .request('resources/subscribe', (sdk, options) => sdk.subscribeResource({ uri }, options))
          .catch(() => state.subscriptions.delete(uri));
      }
    }
    await this.#refresh(
      server,
      new Set<RefreshKind>(['tools', 'resources', 'prompts']),
      recovered ? 'reconnect' : 'connected',
    );
  }

  async #refresh(server: string, kinds: ReadonlySet<RefreshKind>, reason: string): Promise<void> {
    const state = this.#state(server);
    const connection = this.#connections.get(server);
    if (!connection.isConnected) return;
    state.refreshes += 1;
    const capabilities = connection.client.getServerCapabilities() ?? {};
    const tasks: Array<Promise<void>> = [];
    if (kinds.has('tools') && capabilities.tools !== undefined)
      tasks.push(this.#refreshTools(state, connection, reason));
    if (kinds.has('resources') && capabilities.resources !== undefined) {
      tasks.push(this.#refreshContent(state, connection, 'resources', reason));
      tasks.push(this.#refreshContent(state, connection, 'resourceTemplates', reason));
    }
    if (kinds.has('prompts') && capabilities.prompts !== undefined)
      tasks.push(this.#refreshContent(state, connection, 'prompts', reason));
    await Promise.all(tasks);
  }

  #setDiagnostics(state: ServerState, list: string, diagnostics: CatalogDiagnostic[]): void {
    state.diagnostics.set(list, diagnostics);
    for (const diagnostic of diagnostics) this.#diagnose(diagnostic);
  }

  async #refreshContent(
    state: ServerState,
    connection: ServerConnection,
    list: ContentList,
    reason: string,
  ): Promise<void> {
    const listing = await listContent(connection, list, this.#limits);
    if ('failure' in listing) {
      this.#setDiagnostics(state, list, [listing.failure]);
      return;
    }
    this.#setDiagnostics(state, list, listing.diagnostics);
    const signature = contentSignature(listing.entries);
    const previous = state.contentSignatures.get(list);
    state.content[list] = listing.entries;
    state.contentSignatures.set(list, signature);
    if (previous !== undefined && previous !== signature) {
      this.#registry.enqueueMcpContentChange({ server: state.server, kind: CONTENT_KIND[list], reason });
    }
  }

  async #refreshTools(state: ServerState, connection: ServerConnection, reason: string): Promise<void> {
    const names = new McpToolNameMap();
    const built = new Map<McpToolDefinition, ToolEntry>();
    // Tools are built while screening, so an entry refused here (schema, name) never takes the
    // place of one the per-server cap would otherwise keep.
    const listing = await listTools(connection, this.#limits, (definition) => {
      const outcome = this.#toolEntry(state, definition, names);
      if ('refusal' in outcome) return outcome.refusal;
      built.set(definition, outcome.entry);
      return undefined;
    });
    if ('failure' in listing) {
      this.#setDiagnostics(state, 'tools', [listing.failure]);
      return;
    }
    const diagnostics = [...listing.diagnostics];
    await this.#enqueueApply(async () => {
      const next = new Map<string, ToolEntry>();
      for (const definition of listing.entries) {
        const entry = built.get(definition)!;
        next.set(entry.tool.name, entry);
      }
      try {
        // One scoped, atomic replace per refresh: the registry computes the net delta and
        // announces it once in its catalog-change queue (nothing when nothing changed).
        this.#registry.replaceMcpTools(
          [...next.values()].map((entry) => entry.tool),
          { server: state.server, reason },
        );
      } catch (error) {
        // The registry refused the batch and changed nothing: the previous catalog stays.
        diagnostics.push({
          server: state.server,
          list: 'tools',
          code: 'name_collision',
          message: `MCP server "${state.server}": the registry refused the new catalog, the previous one stays: ${error instanceof Error ? error.message : String(error)}`,
        });
        return;
      }
      state.tools = next;
      this.#names.removeServer(state.server);
      for (const entry of next.values()) this.#names.add(state.server, entry.definition.name);
    });
    this.#setDiagnostics(state, 'tools', diagnostics);
  }

  #toolEntry(
    state: ServerState,
    definition: McpToolDefinition,
    names: McpToolNameMap,
  ): { entry: ToolEntry } | { refusal: [CatalogDiagnostic['code'], string] } {
    const name = names.add(state.server, definition.name);
    if (name === undefined) {
      return {
        refusal: [
          'name_collision',
          `its provider name ${mcpToolName(state.server, definition.name)} is taken`,
        ],
      };
    }
    const previous = state.tools.get(name);
    // An unchanged definition keeps its Tool object, so the registry keeps its loaded state.
    if (previous !== undefined && previous.definition.fingerprint === definition.fingerprint) {
      return { entry: { definition, tool: previous.tool } };
    }
    let validator: SchemaValidator<Record<string, unknown>>;
    try {
      validator = new LazySchemaValidator(definition.inputSchema, this.#compileCounter, {
        name: `input schema of MCP tool "${definition.name}" (server "${state.server}")`,
        limits: { maxBytes: this.#limits.maxSchemaBytes, maxDepth: this.#limits.maxSchemaDepth },
      });
    } catch (error) {
      return { refusal: ['schema_rejected', error instanceof Error ? error.message : String(error)] };
    }
    try {
      const tool = createMcpTool({
        definition,
        name,
        validator,
        call: (_definition, params, context) => this.callTool(name, params, context),
      });
      return { entry: { definition, tool } };
    } catch (error) {
      return { refusal: ['invalid_entry', error instanceof Error ? error.message : String(error)] };
    }
  }

  #enqueueApply<T>(apply: () => Promise<T>): Promise<T> {
    const result = this.#applyQueue.then(apply, apply);
    this.#applyQueue = result.catch(() => undefined);
    return result;
  }
}
