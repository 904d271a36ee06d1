import type { ExecutionContext, Tool, ToolResult } from '@toolwright/contracts';
import { ToolResults } from '@toolwright/contracts';
import type { McpConnectionChange, McpRoot, ServerConnection } from '@toolwright/mcp-client';
import { listingFailure, McpConnectionManager, redactSecrets } from '@toolwright/mcp-client';
import type { CatalogChange } from '@toolwright/registry';
import type { ArtifactSinkV1 } from '@toolwright/spec';
import { compileJsonSchema, type SchemaValidator } from '@toolwright/validation';
import { attachServices, type McpAdapterServices } from './adapter-services.js';
import { failureResult } from './call-failure.js';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import type { McpToolDefinition } from './catalog-screen.js';
import type { OutputRoutingOptions } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { type McpAdapterEvents, McpEventInbox } from './events/mcp-event-inbox.js';
import type { McpContentChange } from './events/mcp-events.js';
import { plainToolDefinition } from './listed-tool-definition.js';
import { type McpAdapterOptions, resolveAdapterOptions } from './mcp-adapter-options.js';
import type {
  McpAdapterStats,
  McpConnectResult,
  McpReconnectResult,
  McpServerCatalog,
  McpServerStatus,
} from './mcp-adapter-results.js';
import { createMcpTool } from './mcp-tool.js';
import { type RefreshKind, RefreshScheduler } from './refresh-scheduler.js';
import { ServerCatalog, type ToolEntry } from './server-catalog.js';
import { installNotificationHandlers } from './server-notifications.js';
import { TaskOwnership } from './task-ownership.js';
import { stripControlCharacters } from './text-sanitising.js';
import { callMcpTool, type McpTaskStatus, type ToolCallHooks, type ToolCallPlan } from './tool-call.js';
import { McpToolNameMap, type McpToolTarget, mcpToolName } from './tool-naming.js';
import type { ToolResultRoutingContext } from './tool-result-routing.js';
import { markUntrusted, untrustedMarkersOf } from './untrusted-text.js';

const MAX_INSTRUCTIONS_CHARACTERS = 16_384;
const ALL_KINDS: ReadonlySet<RefreshKind> = new Set(['tools', 'resources', 'prompts']);

/**
 * Live MCP servers as toolwright registry tools. `connect()` connects every server in
 * parallel, lists and screens each catalog and applies each server's tools to the registry in
 * one atomic `replaceTools` of its source group (`mcp:<server>`); `list_changed` notifications
 * are debounced into refreshes that apply the net delta; logs, instructions, resource updates,
 * connection phases and task changes wait in this adapter's bounded queues for
 * {@link McpAdapter.drainEvents}; tool results are routed through the artifact store.
 */
export class McpAdapter {
  readonly #events = new McpEventInbox();
  readonly #routing: OutputRoutingOptions;
  readonly #artifacts: ArtifactSinkV1;
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
  readonly #tasks = new TaskOwnership();
  /** Built once: a tool call is a hot path. */
  readonly #callHooks: ToolCallHooks = {
    plan: (definition) => this.#callPlan(definition),
    onTaskCreated: (server, task, sessionId) => {
      this.#tasks.record(server, task.taskId, sessionId);
      this.#reportTask(server, task);
    },
    onTaskStatus: (server, task) => this.#reportTask(server, task),
  };

  /**
   * Checks every option by name and value (see {@link McpAdapterOptions}); nothing connects
   * until {@link McpAdapter.connect}.
   *
   * @throws McpAdapterError `invalid_option` naming an unknown option (with the nearest known
   * name, in nested objects too) or a value out of range; `config_invalid` for a server
   * name used twice.
   */
  constructor(options: McpAdapterOptions) {
    const resolved = resolveAdapterOptions(options);
    this.#routing = resolved.output;
    this.#artifacts = options.artifacts;
    this.#connections = new McpConnectionManager(options.servers, {
      ...resolved.connection,
      onConnectionChange: (change) => this.#onConnectionChange(change),
      onReady: (connection, recovered) => this.#onReady(connection, recovered),
    });
    attachServices(this, this.#services());
    // Runs every listed tool's calls, bound by createTool to the tool's config (its `name` is the
    // registry name): one function for the catalog, not a closure per tool. `build()` has
    // validated the params already: the unchecked path.
    const adapter = this;
    const executeListedTool = function (
      this: { readonly name: string },
      params: Record<string, unknown>,
      context: ExecutionContext,
    ): Promise<ToolResult> {
      return adapter.#callBuilt(this.name, params, context);
    };
    const context = {
      registry: options.registry,
      onContentChange: (change: McpContentChange) => this.#events.contentChanges.enqueue(change),
      limits: resolved.limits,
      names: this.#names,
      compileCounter: this.#compileCounter,
      serialise: (apply: () => void) => this.#serialise(apply),
      onDiagnostic: (diagnostic: CatalogDiagnostic) =>
        options.onDiagnostic?.({ ...diagnostic, message: redactSecrets(diagnostic.message) }),
      createTool: (
        definition: McpToolDefinition,
        name: string,
        validator: SchemaValidator<Record<string, unknown>>,
      ) =>
        createMcpTool({
          definition,
          name,
          validator,
          shouldDefer: resolved.deferTools,
          execute: executeListedTool,
        }),
    };
    for (const { name } of options.servers) {
      this.#catalogs.set(name, new ServerCatalog(name, context));
      this.#schedulers.set(
        name,
        new RefreshScheduler({
          debounceMs: resolved.listChangedDebounceMs,
          run: async (kinds) => {
            await this.#refresh(name, kinds, 'list_changed');
          },
          onError: (error) =>
            options.onDiagnostic?.({
              server: name,
              list: 'tools',
              code: 'listing_failed',
              message: redactSecrets(
                `MCP server "${name}": the refresh after list_changed failed: ${error instanceof Error ? error.message : String(error)}`,
              ),
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
   * reconnect loop that gave up — with the same timeouts as `connect()`. Phases are queued for
   * {@link McpAdapter.drainEvents} as they happen (`connecting` /
   * `connected` for a server that never connected, `reconnecting` / `recovered` for one that
   * had); on success its catalog is listed and its tools applied. A server's failure comes back
   * as `outcome: 'failed'` with the reason, never as a throw. Throws `unknown_server` for a
   * name that is not configured and `not_connected` after {@link McpAdapter.close}.
   */
  async reconnect(server: string): Promise<McpReconnectResult> {
    const connection = this.#connections.get(server);
    const tools = () => this.#catalogs.get(server)?.tools.size ?? 0;
    let outcome: Awaited<ReturnType<ServerConnection['retry']>>;
    try {
      outcome = await connection.retry();
    } catch (error) {
      if (connection.isClosed) throw error;
      const reason = redactSecrets(error instanceof Error ? error.message : String(error));
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

  /**
   * Takes every event queued since the last drain: content changes, resource updates, connection
   * phases, logs, server instructions and task changes, each kind oldest first with the count
   * dropped when its queue was full. This is the one way the adapter reports them: each event
   * comes out of exactly one drain. Tool catalog changes are the registry's
   * (`registry.drainCatalogChanges()`).
   */
  drainEvents(): McpAdapterEvents {
    return this.#events.drain();
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

  /**
   * Replaces the workspace roots offered to servers and tells every connected server
   * (`notifications/roots/list_changed`); each then lists them again. Needs the roots capability
   * (`clientCapabilities.roots`, an empty list will do) from the start.
   *
   * @throws McpAdapterError `invalid_option` for a root that is not a `file://` URI, or when the
   * roots capability was not offered.
   */
  setRoots(roots: readonly McpRoot[]): Promise<void> {
    return this.#connections.setRoots(roots);
  }

  /** Every server's connection status. */
  servers(): McpServerStatus[] {
    return this.#connections.list().map((connection) => ({
      server: connection.name,
      phase: connection.phase,
      pid: connection.pid,
      tools: this.#catalogs.get(connection.name)?.tools.size ?? 0,
      lastError: connection.lastError,
      protocol: connection.protocol,
    }));
  }

  /** A server's current catalog. Throws `unknown_server` for a name that is not configured. */
  catalog(server: string): McpServerCatalog {
    const catalog = this.#catalog(server);
    return {
      server,
      tools: [...catalog.tools.values()].map((entry) => plainToolDefinition(entry.definition)),
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

  /**
   * Calls an MCP tool by its registry name, with the server's timeout and the context's abort
   * signal, and routes the result. The arguments are validated exactly as the tool's `build()`
   * does (the same validator: coercion, defaults, the size and key guards); arguments that do
   * not match never reach the server and come back as a `validation` error result with the
   * repair hints. Failures come back as error results, never as throws.
   */
  callTool(name: string, params: Record<string, unknown>, context: ExecutionContext): Promise<ToolResult> {
    const entry = this.#entry(name);
    if (entry === undefined) return Promise.resolve(this.#notOffered(name));
    let built: Record<string, unknown>;
    try {
      built = entry.tool.build(params).params as Record<string, unknown>;
    } catch (error) {
      return Promise.resolve(ToolResults.validationError(error instanceof Error ? error : String(error)));
    }
    return this.#callBuilt(name, built, context);
  }

  /** The entry behind a registry name, if a connected server offers it now. */
  #entry(name: string): ToolEntry | undefined {
    const target = this.#names.resolve(name);
    return target === undefined ? undefined : this.#catalogs.get(target.server)?.tools.get(name);
  }

  #notOffered(name: string): ToolResult {
    return ToolResults.notFound(
      `no MCP tool named ${JSON.stringify(name)} is currently offered by any connected server`,
    );
  }

  /** A call whose params the tool's `build()` produced (validated, coerced, frozen). */
  #callBuilt(name: string, params: Record<string, unknown>, context: ExecutionContext): Promise<ToolResult> {
    const entry = this.#entry(name);
    if (entry === undefined) return Promise.resolve(this.#notOffered(name));
    // No async/await and no extra promise layer: this is the hot path of every MCP tool call.
    return callMcpTool(
      this.#connections.get(entry.definition.server),
      entry.definition,
      params,
      context,
      this.#callHooks,
    );
  }

  /** What the helper tools use; kept off the public surface (see {@link McpAdapterServices}). */
  #services(): McpAdapterServices {
    const guard = async (operation: () => Promise<ToolResult>, signal?: AbortSignal): Promise<ToolResult> => {
      try {
        return await operation();
      } catch (error) {
        return failureResult(error, signal);
      }
    };
    return {
      artifacts: this.#artifacts,
      routing: this.#routing,
      tasks: this.#tasks,
      connection: (server) => this.#connections.get(server),
      catalog: (server) => this.catalog(server),
      servers: () => this.servers(),
      guard,
      run: (server, operation, signal) => guard(() => operation(this.#connections.get(server)), signal),
      findTool: (server, name) => {
        const tools = this.#catalog(server).tools;
        return tools.get(name) ?? tools.get(mcpToolName(server, name));
      },
      trackSubscription: (server, uri, subscribed) => {
        const subscriptions = this.#catalog(server).subscriptions;
        if (subscribed) subscriptions.add(uri);
        else subscriptions.delete(uri);
      },
      reportTask: (server, task) => this.#reportTask(server, task),
    };
  }

  /** Queues a task's status (status message stripped of control characters). */
  #reportTask(server: string, task: McpTaskStatus): void {
    this.#events.taskChanges.enqueue({
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
      sink: this.#artifacts,
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
    this.#events.connectionChanges.enqueue(change);
    if (change.state === 'failed' || change.state === 'needs_auth') {
      void this.#catalogs
        .get(change.server)
        ?.dropTools(change.state === 'failed' ? 'server failed' : 'server needs a login');
    }
  }

  async #onReady(connection: ServerConnection, recovered: boolean): Promise<void> {
    const server = connection.name;
    const catalog = this.#catalog(server);
    installNotificationHandlers(connection.client, {
      onListChanged: (kind) => this.#schedulers.get(server)?.request(kind),
      onLog: (entry) => this.#events.logs.enqueue({ server, ...entry }),
      onResourceUpdated: (uri) => this.#events.resourceUpdates.enqueue({ server, uri }),
      // Only tasks a session here started are reported; others are none of this agent's business.
      onTaskStatus: (task) => {
        if (this.#tasks.ownerOf(server, task.taskId) !== undefined) this.#reportTask(server, task);
      },
    });
    const instructions = connection.instructions;
    if (instructions !== undefined && instructions.trim() !== '') {
      const stripped = stripControlCharacters(instructions).slice(0, MAX_INSTRUCTIONS_CHARACTERS);
      this.#events.serverInstructions.enqueue({
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
    // Opened before the listing, so that no change between the two goes unheard.
    const unheard = await connection.listenForListChanges();
    if (unheard !== undefined) {
      this.#events.logs.enqueue({
        server,
        level: 'warning',
        data: `could not open a subscriptions/listen stream, so changes of this server's tools, prompts and resources are seen only on a reconnect: ${unheard}`,
      });
    }
    await catalog.refresh(connection, ALL_KINDS, recovered ? 'reconnect' : 'connected');
    const listingError = catalog.toolsListingError;
    // A server whose tools cannot be listed (401/403, an error answer, a timeout) is of no use
    // to the model: the connect fails with the reason rather than passing for one with no tools.
    // A connection lost meanwhile is the reconnect loop's business, not a listing failure.
    if (listingError !== undefined && connection.isConnected) {
      throw listingFailure(connection.definition, listingError);
    }
  }
}
