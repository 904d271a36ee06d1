import type { Tool } from '@toolwright/contracts';
import type { ServerConnection } from '@toolwright/mcp-client';
import type { CatalogChange, ToolRegistry } from '@toolwright/registry';
import { canonicalJson } from '@toolwright/utils';
import type { JsonSchemaReport, SchemaValidator } from '@toolwright/validation';
import type { CatalogDiagnostic, CatalogDiagnosticCode } from './catalog-diagnostic.js';
import type { CatalogLimits } from './catalog-limits.js';
import { listContent, listTools } from './catalog-listing.js';
import type { McpCatalogEntry, McpToolDefinition } from './catalog-screen.js';
import type { McpContentChange } from './events/mcp-events.js';
import { mcpSourceGroup } from './events/source-group.js';
import { LazySchemaValidator } from './lazy-schema-validator.js';
import { ListedToolDefinition } from './listed-tool-definition.js';
import type { RefreshKind } from './refresh-scheduler.js';
import { McpToolNameMap, mcpToolName } from './tool-naming.js';

/** A tool the adapter applied: the screened definition and the registry `Tool` made from it. */
export interface ToolEntry {
  readonly definition: McpToolDefinition;
  readonly tool: Tool;
}

/** The content listings a server can offer besides tools, named as their change events name them. */
export type ContentList = McpContentChange['kind'];

/** What every server catalog of one adapter shares. */
export interface CatalogContext {
  readonly registry: ToolRegistry;
  /** Queues a change of a server's resources, templates or prompts for the host. */
  onContentChange(change: McpContentChange): void;
  readonly limits: CatalogLimits;
  /** The adapter-wide reverse map of provider names. */
  readonly names: McpToolNameMap;
  /** Counts input schemas compiled (see {@link LazySchemaValidator}). */
  readonly compileCounter: { count: number };
  /** Runs registry updates one at a time, across servers. */
  serialise(apply: () => void): Promise<void>;
  onDiagnostic(diagnostic: CatalogDiagnostic): void;
  /** Makes the registry tool for a definition (the adapter binds calls to itself). */
  createTool(
    definition: McpToolDefinition,
    name: string,
    validator: SchemaValidator<Record<string, unknown>>,
  ): Tool;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One server's catalog as the adapter holds it — tools, resources, templates, prompts, the
 * latest diagnostics — and how a refresh updates it: list, screen, build tools (reusing the
 * `Tool` of every unchanged definition so its loaded state survives), then one atomic
 * `replaceTools` of the server's source group. A refused replace changes nothing and leaves the previous catalog.
 */
export class ServerCatalog {
  readonly server: string;
  readonly #context: CatalogContext;
  tools = new Map<string, ToolEntry>();
  readonly content: Record<ContentList, McpCatalogEntry[]> = {
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  readonly #contentSignatures = new Map<ContentList, string>();
  readonly #diagnostics = new Map<string, CatalogDiagnostic[]>();
  /** Resource URIs subscribed to, renewed after a reconnect. */
  readonly subscriptions = new Set<string>();
  refreshes = 0;
  /** Why the latest tools listing failed (the request's error), or `undefined` after a success. */
  toolsListingError: unknown;

  constructor(server: string, context: CatalogContext) {
    this.server = server;
    this.#context = context;
  }

  /** The diagnostics of the latest refresh of each listing. */
  diagnostics(): CatalogDiagnostic[] {
    return [...this.#diagnostics.values()].flat();
  }

  /**
   * Re-lists the requested kinds the server offers, concurrently. Returns the registry's
   * change for the tools (`undefined` when tools were not listed or the listing failed).
   */
  async refresh(
    connection: ServerConnection,
    kinds: ReadonlySet<RefreshKind>,
    reason: string,
  ): Promise<CatalogChange | undefined> {
    if (!connection.isConnected) return undefined;
    this.refreshes += 1;
    const capabilities = connection.client.getServerCapabilities() ?? {};
    const content: Array<Promise<void>> = [];
    if (kinds.has('resources') && capabilities.resources !== undefined) {
      content.push(this.#refreshContent(connection, 'resources', reason));
      content.push(this.#refreshContent(connection, 'resourceTemplates', reason));
    }
    if (kinds.has('prompts') && capabilities.prompts !== undefined) {
      content.push(this.#refreshContent(connection, 'prompts', reason));
    }
    const tools =
      kinds.has('tools') && capabilities.tools !== undefined
        ? this.#refreshTools(connection, reason)
        : undefined;
    const [change] = await Promise.all([tools, ...content]);
    return change;
  }

  /** Removes every tool of this server from the registry (closed, or down for good). */
  async dropTools(reason: string): Promise<void> {
    if (this.tools.size === 0) return;
    await this.#context.serialise(() => {
      if (this.tools.size === 0) return;
      this.tools = new Map();
      this.#context.names.removeServer(this.server);
      this.#context.registry.removeTools(mcpSourceGroup(this.server), reason);
    });
  }

  #setDiagnostics(list: string, diagnostics: CatalogDiagnostic[]): void {
    this.#diagnostics.set(list, diagnostics);
    for (const diagnostic of diagnostics) this.#context.onDiagnostic(diagnostic);
  }

  async #refreshContent(connection: ServerConnection, list: ContentList, reason: string): Promise<void> {
    const listing = await listContent(connection, list, this.#context.limits);
    if ('failure' in listing) {
      this.#setDiagnostics(list, [listing.failure]);
      return;
    }
    this.#setDiagnostics(list, listing.diagnostics);
    const signature = canonicalJson(listing.entries);
    const previous = this.#contentSignatures.get(list);
    this.content[list] = listing.entries;
    this.#contentSignatures.set(list, signature);
    if (previous !== undefined && previous !== signature) {
      this.#context.onContentChange({
        server: this.server,
        kind: list,
        reason,
      });
    }
  }

  async #refreshTools(connection: ServerConnection, reason: string): Promise<CatalogChange | undefined> {
    const names = new McpToolNameMap();
    const built = new Map<McpToolDefinition, ToolEntry>();
    // Tools are built while screening, so an entry refused here (schema, name) never takes the
    // place of one the per-server cap would otherwise keep.
    const listing = await listTools(connection, this.#context.limits, (definition, inputSchema) => {
      const outcome = this.#toolEntry(definition, names, inputSchema);
      if ('refusal' in outcome) return outcome.refusal;
      built.set(definition, outcome.entry);
      return undefined;
    });
    if ('failure' in listing) {
      this.toolsListingError = listing.error;
      this.#setDiagnostics('tools', [listing.failure]);
      return undefined;
    }
    this.toolsListingError = undefined;
    const diagnostics = [...listing.diagnostics];
    let change: CatalogChange | undefined;
    await this.#context.serialise(() => {
      const next = new Map<string, ToolEntry>();
      for (const definition of listing.entries) {
        const entry = built.get(definition)!;
        next.set(entry.tool.name, entry);
      }
      try {
        // One atomic replace of the server's group per refresh: the registry computes the net
        // delta and announces it once (nothing when nothing changed).
        change = this.#context.registry.replaceTools(
          mcpSourceGroup(this.server),
          [...next.values()].map((entry) => entry.tool),
          { reason },
        );
      } catch (error) {
        diagnostics.push({
          server: this.server,
          list: 'tools',
          code: 'name_collision',
          message: `MCP server "${this.server}": the registry refused the new catalog, the previous one stays: ${reasonOf(error)}`,
        });
        return;
      }
      this.tools = next;
      this.#context.names.removeServer(this.server);
      for (const entry of next.values()) this.#context.names.add(this.server, entry.definition.name);
    });
    this.#setDiagnostics('tools', diagnostics);
    return change;
  }

  #toolEntry(
    definition: McpToolDefinition,
    names: McpToolNameMap,
    /** The catalog screen's report of the input schema, compiled without a second screen. */
    inputSchema: JsonSchemaReport | undefined,
  ): { entry: ToolEntry } | { refusal: [CatalogDiagnosticCode, string] } {
    const name = names.add(this.server, definition.name);
    if (name === undefined) {
      return {
        refusal: [
          'name_collision',
          `its provider name ${mcpToolName(this.server, definition.name)} is taken`,
        ],
      };
    }
    const previous = this.tools.get(name);
    // An unchanged definition keeps its Tool object, so the registry keeps its loaded state.
    if (previous !== undefined && sameToolDefinition(previous.definition, definition)) {
      // The same input schema (the fingerprint covers it): read from the kept tool's validator.
      const kept = previous.tool.validator;
      return {
        entry: {
          definition:
            kept instanceof LazySchemaValidator ? new ListedToolDefinition(definition, kept) : definition,
          tool: previous.tool,
        },
      };
    }
    const limits = this.#context.limits;
    let validator: LazySchemaValidator;
    try {
      validator = new LazySchemaValidator(definition.inputSchema, this.#context.compileCounter, {
        // The registry name (which the tool holds anyway) names the schema in a compile error: a
        // sentence made per tool here stayed in each validator (about 150 bytes per listed tool).
        name,
        limits: { maxBytes: limits.maxSchemaBytes, maxDepth: limits.maxSchemaDepth },
        screened: inputSchema,
      });
    } catch (error) {
      return { refusal: ['schema_rejected', reasonOf(error)] };
    }
    // Kept for the tool's life without a second copy of the schema, and bound into the tool as such.
    const listed = new ListedToolDefinition(definition, validator);
    try {
      return { entry: { definition: listed, tool: this.#context.createTool(listed, name, validator) } };
    } catch (error) {
      return { refusal: ['invalid_entry', reasonOf(error)] };
    }
  }
}

/**
 * Whether a listed definition gives the same Tool as the one built before. The fingerprint covers
 * everything the Tool takes from a definition except the title (its display name); a call reads
 * the current definition by name, so an output schema or task support change needs no new Tool.
 * A new Tool under the same fingerprint is swapped in by the registry, keeping its loaded state.
 */
function sameToolDefinition(before: McpToolDefinition, after: McpToolDefinition): boolean {
  return before.fingerprint === after.fingerprint && before.title === after.title;
}
