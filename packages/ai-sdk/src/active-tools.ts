import { PROVIDER_TARGETS, type ProviderTarget } from '@toolwright/contracts';
import type { ToolMode, ToolRegistry } from '@toolwright/registry';
import { checkOptions, type OptionTable, refusedOption } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';

/** Options of {@link activeToolNames} and {@link createPrepareStep}. */
export interface ActiveToolsOptions {
  /** `'plan'` keeps ReadOnly tools only; a function is read at every step. Default `'default'`. */
  readonly mode?: ToolMode | (() => ToolMode);
  /** The target whose provider tool limit applies; use the one given to `toAiSdkTools`. Default `'json-schema'`. */
  readonly target?: ProviderTarget;
}

/**
 * A `prepareStep` for the AI SDK that sets the step's `activeTools` (its `PrepareStepFunction`,
 * written out so the published types need nothing of `ai`'s own).
 */
export type ActiveToolsStep = () => { activeTools: string[] };

const ACTIVE_TOOLS_OPTIONS: OptionTable<ActiveToolsOptions> = {
  mode: { kind: 'custom' },
  target: { kind: 'oneOf', values: PROVIDER_TARGETS },
};
const PREPARE_STEP_OPTIONS: OptionTable<ActiveToolsOptions & { readonly registry: ToolRegistry }> = {
  registry: { kind: 'custom' },
  ...ACTIVE_TOOLS_OPTIONS,
};

/**
 * The names of the tools the model may see now: the registry's declarations for the mode and
 * target — deferred tools only once ToolSearch has loaded them, Plan mode's ReadOnly tools only,
 * within the provider's tool limit — sorted by name. Use it as `activeTools` of a step.
 *
 * @throws AiSdkBridgeError `invalid_option` for an unknown option, mode or target.
 */
export function activeToolNames(registry: ToolRegistry, options: ActiveToolsOptions = {}): string[] {
  const { mode, target } = resolveActiveToolsOptions('activeToolNames', options);
  return namesOf(registry, modeOf(mode), target);
}

/**
 * A `prepareStep` for `generateText` / `streamText` / `Agent` that makes only the loaded tools
 * active at each step, the first included. The `ToolSet` from `toAiSdkTools` holds every tool;
 * this decides which of them the model is shown. After ToolSearch loads a tool during a step, the
 * next step declares it.
 *
 * To combine it with a `prepareStep` of your own, call {@link activeToolNames} there instead.
 *
 * @throws AiSdkBridgeError `invalid_option` for an unknown option, a missing registry, an unknown mode or target.
 */
export function createPrepareStep(
  options: ActiveToolsOptions & { readonly registry: ToolRegistry },
): ActiveToolsStep {
  checkOptions('createPrepareStep', options, PREPARE_STEP_OPTIONS, invalidOption);
  const { registry } = options;
  if (typeof registry?.getFunctionDeclarationsByMode !== 'function')
    throw invalidOption(refusedOption('createPrepareStep', 'registry', 'a ToolRegistry', registry));
  const { mode, target } = resolveActiveToolsOptions('createPrepareStep', {
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.target === undefined ? {} : { target: options.target }),
  });
  return () => ({ activeTools: namesOf(registry, modeOf(mode), target) });
}

/** The names of one declaration set, computed once: the registry returns the same set while nothing changes. */
const namesBySet = new WeakMap<object, string[]>();

function namesOf(registry: ToolRegistry, mode: ToolMode, target: ProviderTarget): string[] {
  const set = registry.getFunctionDeclarationsByMode(mode, target);
  let names = namesBySet.get(set);
  if (names === undefined) {
    names = set.declarations.map((declaration) => declaration.name);
    namesBySet.set(set, names);
  }
  // A copy: the SDK keeps the array in the step's settings, and the cached one must not change.
  return [...names];
}

function modeOf(mode: ToolMode | (() => ToolMode)): ToolMode {
  const current = typeof mode === 'function' ? mode() : mode;
  if (current !== 'default' && current !== 'plan')
    throw invalidOption(refusedOption('createPrepareStep', 'mode()', "'default' or 'plan'", current));
  return current;
}

function resolveActiveToolsOptions(
  owner: string,
  options: ActiveToolsOptions,
): { mode: ToolMode | (() => ToolMode); target: ProviderTarget } {
  checkOptions(owner, options, ACTIVE_TOOLS_OPTIONS, invalidOption);
  const mode = options.mode ?? 'default';
  if (typeof mode !== 'function' && mode !== 'default' && mode !== 'plan')
    throw invalidOption(refusedOption(owner, 'mode', "'default', 'plan' or a function returning one", mode));
  const target = options.target ?? 'json-schema';
  return { mode, target };
}
