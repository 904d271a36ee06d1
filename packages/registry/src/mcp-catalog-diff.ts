import { describeToolVersionProblem, isTool, type Tool } from '@toolwright/contracts';
import { previewValue } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { REGISTRY_ACCEPTS } from './specification-version.js';

/** What a replacement changes, by tool. */
export interface McpCatalogDiff {
  /** Names new to the catalog. */
  readonly added: Tool[];
  /** Tools whose definition changed (fingerprint, server, kind, deferral, category or tags). */
  readonly updated: Tool[];
  /** Same definition, new object (e.g. after a reconnect): swapped in without counting as a change. */
  readonly swapped: Tool[];
  /** Names of the replaced scope absent from the batch. */
  readonly removed: string[];
}

/** An MCP tool as the registry holds it. */
export interface McpEntry {
  tool: Tool;
  /** The stamp of the last replace batch that named this tool (duplicate detection). */
  stamp: number;
}

/** The catalog state a diff is computed against. */
export interface McpCatalogState {
  readonly builtins: ReadonlyMap<string, Tool>;
  readonly mcp: ReadonlyMap<string, McpEntry>;
  /**
   * A number no entry carries yet, unique to this batch. Stamps only grow, so one left behind by a
   * batch that threw can never match a later batch: a failed batch changes nothing observable.
   */
  readonly stamp: number;
  /** How many names are being replaced: all MCP names, or one server's. */
  readonly scopeSize: number;
  /** The names being replaced (walked only when some of them may be missing from the batch). */
  readonly scopeNames: () => Iterable<string>;
  /** The server of a server-scoped replace. */
  readonly server: string | undefined;
}

/** The source of an MCP tool. */
type McpSource = Extract<Tool['source'], { type: 'mcp' }>;

/** The MCP source of a tool, or `undefined` for a built-in. */
export function mcpSourceOf(tool: Tool): McpSource | undefined {
  return tool.source.type === 'mcp' ? tool.source : undefined;
}

function sameStrings(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/**
 * Whether `next` can take the place of `previous` without touching the index or the loaded
 * state: same fingerprint (name, description, schema, annotations) and the same catalog placement.
 * Both are MCP tools: `previous` is a catalog entry, `next` a batch tool that passed `checkNewcomer`.
 */
function sameDefinition(previous: Tool, next: Tool): boolean {
  const before = previous.source as McpSource;
  const after = next.source as McpSource;
  return (
    before.fingerprint === after.fingerprint &&
    before.server === after.server &&
    previous.kind === next.kind &&
    previous.shouldDefer === next.shouldDefer &&
    previous.category === next.category &&
    sameStrings(previous.tags, next.tags)
  );
}

/**
 * Checks a replacement batch completely and diffs it against the catalog in one pass, by name
 * and fingerprint. Throws a {@link RegistryError} on the first problem, before anything changes.
 *
 * A tool object already in the catalog under its name was checked when it arrived and cannot hold a
 * built-in's name (a built-in taking the name removes it), so it takes a short path: only the
 * batch-duplicate and server checks apply. That keeps a small delta over a large catalog cheap.
 */
export function diffMcpCatalog(tools: readonly Tool[], state: McpCatalogState): McpCatalogDiff {
  const { server } = state;
  // Names of tools new to the catalog; names already in it are deduplicated by their entry's stamp.
  const newcomers = new Set<string>();
  const added: Tool[] = [];
  const updated: Tool[] = [];
  const swapped: Tool[] = [];
  let survivors = 0;
  for (let position = 0; position < tools.length; position += 1) {
    const tool = tools[position] as Tool;
    // Read each property once: this loop runs over every tool of the catalog on every refresh.
    const name: unknown = typeof tool === 'object' && tool !== null ? tool.name : undefined;
    // A name that is no string finds no entry (every key is one); checkNewcomer then refuses the item.
    const entry = state.mcp.get(name as string);
    const known = entry?.tool;
    // Stryker disable next-line ConditionalExpression: a held object checked again as a newcomer throws what the short path throws; only the time differs
    if (known === undefined || known !== tool) checkNewcomer(tool, position, state, known);
    else if (server !== undefined && (tool.source as McpSource).server !== server) {
      throwServerMismatch(tool, server, tool.source as McpSource);
    }
    const toolName = name as string;
    if (entry === undefined ? newcomers.has(toolName) : entry.stamp === state.stamp) {
      throw new RegistryError(
        RegistryErrorCode.DuplicateInBatch,
        `replaceMcpTools: the name "${toolName}" appears more than once in the batch; each must be unique; nothing was changed.`,
        { toolName },
      );
    }
    if (entry === undefined) {
      newcomers.add(toolName);
      added.push(tool);
    } else {
      entry.stamp = state.stamp;
      // Stryker disable next-line AssignmentOperator: a wrong count only makes the scope be walked below, which finds the same names
      survivors += 1;
      if (known !== tool) (sameDefinition(entry.tool, tool) ? swapped : updated).push(tool);
    }
  }
  const removed: string[] = [];
  // Every name of the scope survived: nothing to remove, and no need to walk the scope.
  // Stryker disable next-line ConditionalExpression: walking a scope whose every name survived finds none to remove
  if (survivors !== state.scopeSize) {
    for (const name of state.scopeNames()) {
      if ((state.mcp.get(name) as McpEntry).stamp !== state.stamp) removed.push(name);
    }
  }
  return { added, updated, swapped, removed };
}

function checkNewcomer(
  tool: Tool,
  position: number,
  state: McpCatalogState,
  previous: Tool | undefined,
): void {
  if (!isTool(tool)) {
    const versionProblem = describeToolVersionProblem(tool, REGISTRY_ACCEPTS);
    if (versionProblem !== undefined) {
      throw new RegistryError(
        RegistryErrorCode.UnsupportedSpecificationVersion,
        `replaceMcpTools: item ${position}: ${versionProblem}; nothing was changed.`,
        { toolName: (tool as { name?: unknown }).name as string },
      );
    }
    throw new RegistryError(
      RegistryErrorCode.InvalidTool,
      `replaceMcpTools: item ${position} is not a Tool made by createTool (received ${describeValue(tool)}); nothing was changed.`,
    );
  }
  const source = mcpSourceOf(tool);
  if (source === undefined) {
    throw new RegistryError(
      RegistryErrorCode.NotMcpTool,
      `replaceMcpTools: tool "${tool.name}" has source "${tool.source.type}"; only source "mcp" is accepted ` +
        '(register built-ins with register); nothing was changed.',
      { toolName: tool.name },
    );
  }
  if (state.server !== undefined && source.server !== state.server)
    throwServerMismatch(tool, state.server, source);
  if (state.builtins.has(tool.name)) {
    throw new RegistryError(
      RegistryErrorCode.BuiltinNameConflict,
      `replaceMcpTools: MCP tool "${tool.name}" (server "${source.server}") takes the name of a built-in; ` +
        'built-in names take precedence, rename the MCP tool; nothing was changed.',
      { toolName: tool.name },
    );
  }
  const previousServer = previous === undefined ? undefined : (previous.source as McpSource).server;
  if (state.server !== undefined && previousServer !== undefined && previousServer !== state.server) {
    throw new RegistryError(
      RegistryErrorCode.McpNameConflict,
      `replaceMcpTools for server "${state.server}": the name "${tool.name}" belongs to a tool of server "${previousServer}"; ` +
        'rename one of them; nothing was changed.',
      { toolName: tool.name },
    );
  }
}

function throwServerMismatch(tool: Tool, server: string, source: { server: string }): never {
  throw new RegistryError(
    RegistryErrorCode.ServerMismatch,
    `replaceMcpTools for server "${server}": tool "${tool.name}" comes from server "${source.server}"; ` +
      'every tool of a server-scoped replace must come from that server; nothing was changed.',
    { toolName: tool.name },
  );
}

/**
 * A short description of a value that is not a Tool, for error messages: an object by the name it
 * claims, anything else through the shared bounded preview (no raw control characters, no split
 * surrogate pair).
 */
export function describeValue(value: unknown): string {
  if (typeof value !== 'object' || value === null) return previewValue(value, 40);
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' ? `an object named "${name}" without the Tool marker` : 'an object';
}
