import type { Tool } from '@toolwright/contracts';
import type { ProviderLintIssue } from '@toolwright/validation';

/**
 * True for a tool whose every call an executor has to run alone: `shared`, so it would run
 * beside others, not concurrency-safe, so it needs a lock, yet it names no path to lock. A tool
 * of a `contracts` copy that predates `declaresAffectedPaths` is not flagged: nothing is known.
 */
export function runsAloneForLackOfPaths(tool: Tool): boolean {
  return tool.parallelism === 'shared' && !tool.isConcurrencySafe && tool.declaresAffectedPaths === false;
}

/** Why such a tool runs alone, and what to declare so that it need not. */
export function runsAloneWarning(tool: Tool): string {
  return (
    `${tool.name} is shared and not concurrency-safe but declares no affectedPaths: an executor cannot ` +
    'lock the files it touches, so every call of it runs alone (no other call that is not ' +
    'concurrency-safe runs beside it). Declare affectedPaths (the paths a call touches) to let ' +
    'its calls run beside others.'
  );
}

const NO_WARNINGS: readonly string[] = Object.freeze([]);

/** The warnings a `registered` event carries for `tool` (frozen; empty for most tools). */
export function registrationWarnings(tool: Tool | undefined): readonly string[] {
  return tool !== undefined && runsAloneForLackOfPaths(tool)
    ? Object.freeze([runsAloneWarning(tool)])
    : NO_WARNINGS;
}

/**
 * The warning for such a tool, in the shape of the declaration lint so that hosts read every
 * warning about a declared tool in one place (`DeclarationSet.diagnostics`).
 */
export function concurrencyIssue(tool: Tool, target: ProviderLintIssue['target']): ProviderLintIssue {
  return Object.freeze({ target, toolName: tool.name, path: '', reason: runsAloneWarning(tool) });
}

/**
 * `issues` (the provider lint of the declarations sent) followed by a warning for each of
 * `tools` that runs alone for lack of paths, in the order of `tools`; `issues` itself when there
 * is none, so the common case allocates nothing.
 */
export function withConcurrencyIssues(
  issues: readonly ProviderLintIssue[],
  tools: readonly Tool[],
  target: ProviderLintIssue['target'],
): readonly ProviderLintIssue[] {
  let found: ProviderLintIssue[] | undefined;
  for (const tool of tools) {
    if (!runsAloneForLackOfPaths(tool)) continue;
    found ??= [...issues];
    found.push(concurrencyIssue(tool, target));
  }
  return found === undefined ? issues : Object.freeze(found);
}
