import {
  describeToolListProblem,
  findToolListProblem,
  PROVIDER_TARGETS,
  type ProviderTarget,
  type Tool,
  type ToolListProblem,
} from '@toolwright/contracts';
import type { ToolExecutor } from '@toolwright/executor';
import type { ToolMode, ToolRegistry } from '@toolwright/registry';
import { checkOptions, type OptionTable, refusedOption } from '@toolwright/utils';
import { InterruptApprover } from './interrupt-approver.js';
import { invalidOption } from './invalid-option.js';
import { LangChainBridgeError, LangChainBridgeErrorCode } from './langchain-bridge-error.js';
import { LANGCHAIN_ACCEPTS } from './specification-version.js';
import type { ImageDelivery } from './tool-message-artifact.js';

/**
 * What the bridge needs of an executor: a `ToolExecutor` fits. Its lookup, deferred state,
 * permission policy, approval handler, hooks, timeouts, retries and artifact sink apply to every call.
 */
export type BridgeExecutor = Pick<ToolExecutor, 'executeBatch'>;

/** What every bridge shares: how calls run and how the model sees tools and results. */
export interface BridgeOptions {
  /**
   * Runs every call (required): its permission policy, approvals, hooks, timeouts, retries and
   * artifact sink apply, and a refusal reaches the model as an error tool message.
   */
  readonly executor: BridgeExecutor;
  /** The schema dialect of the declarations (use the provider's); default `'json-schema'`. */
  readonly target?: ProviderTarget;
  /**
   * How images in results reach the model. Default `'inline'` (standard image blocks), except for
   * `'openai-chat'`, whose tool messages carry text only: `'reference'`.
   */
  readonly images?: ImageDelivery;
  /**
   * The approver whose `approve` the executor was given: a call the policy asks about pauses the
   * agent with a LangGraph interrupt (see {@link InterruptApprover}).
   */
  readonly approvals?: InterruptApprover;
  /** `'plan'` declares ReadOnly tools only; a function is read at every model call. Default `'default'`. */
  readonly mode?: ToolMode | (() => ToolMode);
}

/** Options of {@link toLangChainTools}: a registry or a list of tools, and how they run. */
export interface LangChainToolsOptions extends BridgeOptions {
  /** The registry whose tools are declared now (loaded ones, and ToolSearch while some tool is deferred). */
  readonly registry?: ToolRegistry;
  /** A fixed list of tools (names must be unique). Give `registry` or `tools`, not both. */
  readonly tools?: readonly Tool[];
}

/** Options of {@link toolwrightMiddleware}: the registry whose declared tools follow ToolSearch. */
export interface ToolwrightMiddlewareOptions extends BridgeOptions {
  /** The registry: its declared tools are the model's at every call, ToolSearch's loads included. */
  readonly registry: ToolRegistry;
}

/** The options checked, with every default applied. */
export interface ResolvedBridgeOptions {
  readonly executor: BridgeExecutor;
  readonly target: ProviderTarget;
  readonly images: ImageDelivery;
  readonly approvals: InterruptApprover | undefined;
  readonly mode: () => ToolMode;
}

const BRIDGE_OPTIONS: OptionTable<BridgeOptions> = {
  executor: { kind: 'custom' },
  target: { kind: 'oneOf', values: PROVIDER_TARGETS },
  images: { kind: 'oneOf', values: ['inline', 'reference'] },
  approvals: { kind: 'custom' },
  mode: { kind: 'custom' },
};

const TOOLS_OPTIONS: OptionTable<LangChainToolsOptions> = {
  ...BRIDGE_OPTIONS,
  registry: { kind: 'custom' },
  tools: { kind: 'array', accepts: 'an array of tools from createTool' },
};

const MIDDLEWARE_OPTIONS: OptionTable<ToolwrightMiddlewareOptions> = {
  ...BRIDGE_OPTIONS,
  registry: { kind: 'custom' },
};

/** Checks {@link toLangChainTools}' options by name and value and applies the defaults. */
export function resolveToolsOptions(options: LangChainToolsOptions): ResolvedBridgeOptions & {
  readonly source: { readonly registry: ToolRegistry } | { readonly tools: readonly Tool[] };
} {
  const owner = 'toLangChainTools';
  checkOptions(owner, options, TOOLS_OPTIONS, invalidOption);
  const { registry, tools } = options;
  if ((registry === undefined) === (tools === undefined))
    throw new LangChainBridgeError(
      LangChainBridgeErrorCode.InvalidOption,
      `${owner}: give exactly one of registry (a ToolRegistry) and tools (a list of tools); got ${registry === undefined ? 'neither' : 'both'}.`,
    );
  const resolved = resolveBridgeOptions(owner, options);
  if (registry !== undefined) return { ...resolved, source: { registry: checkRegistry(owner, registry) } };
  return { ...resolved, source: { tools: checkTools(owner, tools as readonly Tool[]) } };
}

/** Checks {@link toolwrightMiddleware}'s options by name and value and applies the defaults. */
export function resolveMiddlewareOptions(
  options: ToolwrightMiddlewareOptions,
): ResolvedBridgeOptions & { readonly registry: ToolRegistry } {
  const owner = 'toolwrightMiddleware';
  checkOptions(owner, options, MIDDLEWARE_OPTIONS, invalidOption);
  return { ...resolveBridgeOptions(owner, options), registry: checkRegistry(owner, options.registry) };
}

function resolveBridgeOptions(owner: string, options: BridgeOptions): ResolvedBridgeOptions {
  if (typeof options.executor?.executeBatch !== 'function')
    throw invalidOption(
      refusedOption(
        owner,
        'executor',
        'a ToolExecutor (an object with executeBatch); every call runs through one',
        options.executor,
      ),
    );
  if (options.approvals !== undefined && !(options.approvals instanceof InterruptApprover))
    throw invalidOption(refusedOption(owner, 'approvals', 'an InterruptApprover', options.approvals));
  const mode = options.mode ?? 'default';
  if (typeof mode !== 'function' && mode !== 'default' && mode !== 'plan')
    throw invalidOption(refusedOption(owner, 'mode', "'default', 'plan' or a function returning one", mode));
  const target = options.target ?? 'json-schema';
  return {
    executor: options.executor,
    target,
    images: options.images ?? (target === 'openai-chat' ? 'reference' : 'inline'),
    approvals: options.approvals,
    mode: () => {
      const current = typeof mode === 'function' ? mode() : mode;
      if (current !== 'default' && current !== 'plan')
        throw invalidOption(refusedOption(owner, 'mode()', "'default' or 'plan'", current));
      return current;
    },
  };
}

function checkRegistry(owner: string, registry: ToolRegistry | undefined): ToolRegistry {
  if (typeof registry?.get !== 'function' || typeof registry.getFunctionDeclarationsByMode !== 'function')
    throw invalidOption(refusedOption(owner, 'registry', 'a ToolRegistry', registry));
  return registry;
}

function checkTools(owner: string, list: readonly Tool[]): readonly Tool[] {
  const problem = findToolListProblem(list, LANGCHAIN_ACCEPTS);
  if (problem !== undefined) throw toolListError(owner, problem);
  return list;
}

/** The bridge's error for what is wrong with a `tools` list: the shared words, its own classes. */
function toolListError(owner: string, problem: ToolListProblem): Error {
  const described = describeToolListProblem(
    problem,
    owner,
    'LangChain finds a tool by its name, so one of them would never run',
  );
  switch (problem.kind) {
    case 'unsupported_version':
      return new LangChainBridgeError(
        LangChainBridgeErrorCode.UnsupportedSpecificationVersion,
        described.message,
      );
    case 'not_a_tool':
      return invalidOption(described);
    case 'duplicate_name':
      return new LangChainBridgeError(LangChainBridgeErrorCode.DuplicateTool, described.message);
  }
}
