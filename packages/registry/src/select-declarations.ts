import type { FunctionDeclaration, Tool } from '@toolwright/contracts';
import type { ProviderTarget } from '@toolwright/validation';
import { compareCodeUnits } from './code-unit-order.js';
import { lintDeclarations } from './declaration-lint.js';
import type { DeclarationSet, OmittedDeclaration, ToolMode } from './declaration-set.js';

/** The most omitted names a diagnostic spells out; the rest are counted. */
const DIAGNOSTIC_NAME_LIMIT = 20;

/** What the selection needs from the registry. */
export interface DeclarationSelectionInput {
  /** The tools whose schema may reach the model (not deferred, or loaded), in any order. */
  readonly visible: Iterable<Tool>;
  readonly mode: ToolMode;
  readonly target: ProviderTarget;
  readonly limit: number;
  readonly revision: number;
}

const byName = (left: Tool, right: Tool): number => compareCodeUnits(left.name, right.name);

/**
 * Chooses the declarations for one request: Plan mode keeps ReadOnly tools; deferred tools appear
 * only once loaded (in every mode); when more tools are eligible than the provider accepts,
 * built-ins are kept first, then MCP tools in name order, and the rest are named in `omitted`
 * and `diagnostic`. What the target would reject in the declarations kept is in `diagnostics`.
 * The result is sorted by name and frozen.
 */
export function selectDeclarations(input: DeclarationSelectionInput): DeclarationSet {
  const builtins: Tool[] = [];
  const mcpTools: Tool[] = [];
  for (const tool of input.visible) {
    if (input.mode === 'plan' && tool.kind !== 'read-only') continue;
    (tool.source.type === 'builtin' ? builtins : mcpTools).push(tool);
  }
  builtins.sort(byName);
  mcpTools.sort(byName);

  let kept: Tool[];
  const omitted: OmittedDeclaration[] = [];
  if (builtins.length + mcpTools.length <= input.limit) {
    kept = [...builtins, ...mcpTools].sort(byName);
  } else {
    const keptBuiltins = builtins.slice(0, input.limit);
    const keptMcp = mcpTools.slice(0, input.limit - keptBuiltins.length);
    for (const tool of builtins.slice(keptBuiltins.length)) {
      omitted.push(Object.freeze({ name: tool.name, source: 'builtin', reason: 'provider_limit' }));
    }
    for (const tool of mcpTools.slice(keptMcp.length)) {
      omitted.push(Object.freeze({ name: tool.name, source: 'mcp', reason: 'provider_limit' }));
    }
    kept = [...keptBuiltins, ...keptMcp].sort(byName);
  }

  const declarations: FunctionDeclaration[] = kept.map((tool) => tool.getFunctionDeclaration(input.target));
  return Object.freeze({
    specificationVersion: 'v1',
    declarations: Object.freeze(declarations),
    omitted: Object.freeze(omitted),
    revision: input.revision,
    mode: input.mode,
    target: input.target,
    limit: input.limit,
    diagnostic: omitted.length === 0 ? undefined : describeOmission(input, kept.length, omitted),
    diagnostics: lintDeclarations(declarations),
  });
}

function describeOmission(
  input: DeclarationSelectionInput,
  keptCount: number,
  omitted: readonly OmittedDeclaration[],
): string {
  const names = omitted.slice(0, DIAGNOSTIC_NAME_LIMIT).map((entry) => entry.name);
  const more = omitted.length > names.length ? ` and ${omitted.length - names.length} more` : '';
  return (
    `${input.target} accepts at most ${input.limit} tools per request; ${keptCount + omitted.length} were eligible ` +
    `in ${input.mode} mode, so ${omitted.length} were left out (built-ins are kept first): ${names.join(', ')}${more}. ` +
    'Load fewer MCP tools, or raise the limit with the registry option toolLimits.'
  );
}
