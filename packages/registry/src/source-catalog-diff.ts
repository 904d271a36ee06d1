import { describeToolVersionProblem, isTool, type Tool } from '@toolwright/contracts';
import { previewValue } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { REGISTRY_ACCEPTS } from './specification-version.js';

/** What a replacement of one source group changes, by tool. */
export interface SourceCatalogDiff {
  /** Names new to the catalog. */
  readonly added: Tool[];
  /** Tools whose definition changed (source, kind, deferral, category or tags, or a new object without a fingerprint). */
  readonly updated: Tool[];
  /** Same definition, new object (e.g. after a reconnect): swapped in without counting as a change. */
  readonly swapped: Tool[];
  /** Names of the group absent from the batch. */
  readonly removed: string[];
}

/** A tool of a source group as the registry holds it. */
export interface GroupEntry {
  tool: Tool;
  /** The group the tool belongs to. */
  readonly source: string;
  /** The stamp of the last replace batch that named this tool (duplicate detection). */
  stamp: number;
  /** Where the tool sits in its group's last accepted batch (meaningful while that batch is remembered). */
  position: number;
}

/** The catalog state a diff is computed against. */
export interface SourceCatalogState {
  readonly builtins: ReadonlyMap<string, Tool>;
  readonly grouped: ReadonlyMap<string, GroupEntry>;
  /**
   * A number no entry carries yet, unique to this batch. Stamps only grow, so one left behind by a
   * batch that threw can never match a later batch: a failed batch changes nothing observable.
   */
  readonly stamp: number;
  /** How many tools the group being replaced holds. */
  readonly scopeSize: number;
  /** The names of the group (walked only when some of them may be missing from the batch). */
  readonly scopeNames: () => Iterable<string>;
  /** The group being replaced. */
  readonly source: string;
  /**
   * The group's last accepted batch, when every change of the group since came through it: a
   * position holding the same object as then holds a survivor, checked when it arrived.
   */
  readonly previous?: readonly Tool[] | undefined;
}

/** What a diff found, while it runs. */
interface DiffState {
  readonly newcomers: Set<string>;
  readonly diff: SourceCatalogDiff;
}

function sameStrings(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/**
 * Only a source that carries a fingerprint over the tool's definition can vouch that a new object
 * is the same tool; then every field of it (the fingerprint among them) must match, so the search
 * index, which reads the source, stays right.
 */
function sameFingerprintedSource(before: Tool['source'], after: Tool['source']): boolean {
  if (!('fingerprint' in before) || !('fingerprint' in after)) return false;
  const fields = Object.keys(before) as (keyof typeof before)[];
  return (
    fields.length === Object.keys(after).length &&
    fields.every((field) => before[field] === (after as typeof before)[field])
  );
}

/**
 * Whether `next` can take the place of `previous` without touching the index or the loaded
 * state: the same fingerprinted source and the same catalog placement. A tool whose source has
 * no fingerprint is the same only as the same object (which never reaches this check).
 */
function sameDefinition(previous: Tool, next: Tool): boolean {
  return (
    sameFingerprintedSource(previous.source, next.source) &&
    previous.kind === next.kind &&
    previous.shouldDefer === next.shouldDefer &&
    previous.category === next.category &&
    sameStrings(previous.tags, next.tags)
  );
}

/**
 * Checks a replacement batch of one source group completely and diffs it against the catalog in
 * one pass, by name and definition. Throws a {@link RegistryError} on the first problem, before
 * anything changes.
 *
 * A tool object already in the catalog under its name was checked when it arrived and cannot hold a
 * built-in's name (a built-in taking the name removes it), so it takes a short path: only the
 * batch-duplicate and group checks apply. That keeps a small delta over a large catalog cheap.
 */
export function diffSourceCatalog(tools: readonly Tool[], state: SourceCatalogState): SourceCatalogDiff {
  const progress: DiffState = {
    // Names of tools new to the catalog; names already in it are deduplicated by their entry's stamp.
    newcomers: new Set<string>(),
    diff: { added: [], updated: [], swapped: [], removed: [] },
  };
  if (state.previous !== undefined) return diffAgainstPrevious(tools, state.previous, state, progress);
  let survivors = 0;
  for (let position = 0; position < tools.length; position += 1) {
    if (diffOne(tools, position, state, progress)) survivors += 1;
  }
  // Every name of the group survived: nothing to remove, and no need to walk the group.
  // Stryker disable next-line ConditionalExpression: walking a group whose every name survived finds none to remove
  if (survivors !== state.scopeSize) {
    for (const name of state.scopeNames()) {
      if ((state.grouped.get(name) as GroupEntry).stamp !== state.stamp) progress.diff.removed.push(name);
    }
  }
  return progress.diff;
}

/**
 * The diff of a group that changed only through its batches: positions holding the same object as
 * in the last batch are survivors that were checked then, and are skipped without a lookup (a
 * small change of a large group costs one pass comparing two arrays); every other position is
 * diffed by name. A name held at a skipped position cannot come again elsewhere.
 */
function diffAgainstPrevious(
  tools: readonly Tool[],
  previous: readonly Tool[],
  state: SourceCatalogState,
  progress: DiffState,
): SourceCatalogDiff {
  const changed: number[] = [];
  const common = Math.min(tools.length, previous.length);
  for (let position = 0; position < common; position += 1) {
    if (tools[position] !== previous[position]) changed.push(position);
  }
  for (let position = common; position < tools.length; position += 1) changed.push(position);
  for (const position of changed) {
    diffOne(tools, position, state, progress);
    const entry = state.grouped.get((tools[position] as Tool).name);
    const held = entry?.position;
    // The name's current tool sits at a position the batch did not change: the name comes twice.
    if (held !== undefined && held !== position && held < common && tools[held] === previous[held]) {
      throwDuplicate(state.source, (tools[position] as Tool).name);
    }
  }
  // Only the tools that left a changed position (or the shortened tail) can be gone.
  const vacated = changed.filter((position) => position < previous.length);
  for (let position = tools.length; position < previous.length; position += 1) vacated.push(position);
  for (const position of vacated) {
    const name = (previous[position] as Tool).name;
    if ((state.grouped.get(name) as GroupEntry).stamp !== state.stamp) progress.diff.removed.push(name);
  }
  return progress.diff;
}

/** Checks and diffs the tool at `position`; returns true when its name is already in the group. */
function diffOne(
  tools: readonly Tool[],
  position: number,
  state: SourceCatalogState,
  progress: DiffState,
): boolean {
  const tool = tools[position] as Tool;
  // Read each property once: this runs over every tool of the group on a full refresh.
  const name: unknown = typeof tool === 'object' && tool !== null ? tool.name : undefined;
  // A name that is no string finds no entry (every key is one); checkNewcomer then refuses the item.
  const entry = state.grouped.get(name as string);
  // Stryker disable next-line ConditionalExpression: a held object checked again as a newcomer throws what the short path throws; only the time differs
  if (entry === undefined || entry.tool !== tool) checkNewcomer(tool, position, state);
  if (entry !== undefined && entry.source !== state.source) throwOtherGroup(tool.name, state.source, entry);
  const toolName = name as string;
  if (entry === undefined ? progress.newcomers.has(toolName) : entry.stamp === state.stamp) {
    throwDuplicate(state.source, toolName);
  }
  const { diff } = progress;
  if (entry === undefined) {
    progress.newcomers.add(toolName);
    diff.added.push(tool);
    return false;
  }
  entry.stamp = state.stamp;
  if (entry.tool !== tool) (sameDefinition(entry.tool, tool) ? diff.swapped : diff.updated).push(tool);
  return true;
}

function throwDuplicate(source: string, toolName: string): never {
  throw new RegistryError(
    RegistryErrorCode.DuplicateInBatch,
    `replaceTools("${source}"): the name "${toolName}" appears more than once in the batch; each must be unique; nothing was changed.`,
    { toolName },
  );
}

function checkNewcomer(tool: Tool, position: number, state: SourceCatalogState): void {
  if (!isTool(tool)) {
    const versionProblem = describeToolVersionProblem(tool, REGISTRY_ACCEPTS);
    if (versionProblem !== undefined) {
      throw new RegistryError(
        RegistryErrorCode.UnsupportedSpecificationVersion,
        `replaceTools("${state.source}"): item ${position}: ${versionProblem}; nothing was changed.`,
        { toolName: (tool as { name?: unknown }).name as string },
      );
    }
    throw new RegistryError(
      RegistryErrorCode.InvalidTool,
      `replaceTools("${state.source}"): item ${position} is not a Tool made by createTool (received ${describeValue(tool)}); nothing was changed.`,
    );
  }
  if (state.builtins.has(tool.name)) {
    throw new RegistryError(
      RegistryErrorCode.BuiltinNameConflict,
      `replaceTools("${state.source}"): tool "${tool.name}" takes the name of a built-in; ` +
        'built-in names take precedence, rename the tool; nothing was changed.',
      { toolName: tool.name },
    );
  }
}

function throwOtherGroup(name: string, source: string, entry: GroupEntry): never {
  throw new RegistryError(
    RegistryErrorCode.SourceNameConflict,
    `replaceTools("${source}"): the name "${name}" belongs to a tool of source "${entry.source}"; ` +
      'rename one of them; nothing was changed.',
    { toolName: name },
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
