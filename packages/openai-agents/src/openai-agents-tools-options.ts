import {
  describeToolListProblem,
  findToolListProblem,
  type Tool,
  type ToolListProblem,
} from '@toolwright/contracts';
import type { PermissionChecker, ToolCallRunnerOptions } from '@toolwright/executor';
import type { ToolRegistry } from '@toolwright/registry';
import { checkOptions, type OptionTable, refusedOption } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';
import { OpenAiAgentsBridgeError, OpenAiAgentsBridgeErrorCode } from './openai-agents-bridge-error.js';
import { OPENAI_AGENTS_ACCEPTS } from './specification-version.js';
import type { ImageDelivery } from './tool-output.js';

/**
 * How the bridge's calls run: the options of the executor's `ToolCallRunner` it builds, in the
 * executor's own names (`permissions`, `mode`, `hooks`, `postToolHooks`, `artifactSink`,
 * `spillThresholdBytes`, `timeoutMs`, `retry`, `sessionId`, `workspaceRoot`, `contextFields`,
 * `onEvent`, ...), checked by the executor. `permissions` is required: it decides every call and
 * says which ones need approval. The bridge supplies `lookup` and `deferred` (from the registry
 * or the list) and `approve` (Agents JS's approval of the call), so those three are not taken.
 */
export type AgentsRunnerOptions = Omit<ToolCallRunnerOptions, 'lookup' | 'deferred' | 'approve'> & {
  /** Decides every call: `deny` is the model's to read, `ask` becomes an Agents JS interruption. */
  readonly permissions: PermissionChecker;
};

/** Options of {@link toOpenAiAgentsTools}. Every key is checked: an unknown or misspelt one is refused. */
export interface OpenAiAgentsToolsOptions {
  /**
   * The registry whose tools become function tools: every tool it holds now, deferred ones
   * included, each enabled at a turn only while the registry declares it (loaded, allowed in the
   * mode, within the tool limit), so a tool ToolSearch loads is callable from the next turn.
   * Give `registry` or `tools`, not both.
   */
  readonly registry?: ToolRegistry;
  /** A fixed list of tools (no deferred loading); names must be unique. */
  readonly tools?: readonly Tool[];
  /** How every call runs (see {@link AgentsRunnerOptions}); `permissions`, `sessionId` and `workspaceRoot` are required. */
  readonly runner: AgentsRunnerOptions;
  /**
   * How images in results reach the model. Default `'inline'` (image content of the function
   * call's output, which the Responses API reads); `'reference'` sends only the text naming the
   * stored artifact.
   */
  readonly images?: ImageDelivery;
}

const TOOLS_OPTIONS: OptionTable<OpenAiAgentsToolsOptions> = {
  registry: { kind: 'custom' },
  tools: { kind: 'array', accepts: 'an array of tools from createTool' },
  runner: { kind: 'object' },
  images: { kind: 'oneOf', values: ['inline', 'reference'] },
};

/** What the bridge owns of the runner: a value given for one of these would be ignored. */
const BRIDGE_OWNED = ['lookup', 'deferred', 'approve'] as const;

const OWNER = 'toOpenAiAgentsTools';

/** The options checked, with every default applied. */
export interface ResolvedToolsOptions {
  readonly source: { readonly registry: ToolRegistry } | { readonly tools: readonly Tool[] };
  readonly runner: AgentsRunnerOptions;
  readonly images: ImageDelivery;
}

/** Checks every option by name and value, and applies the defaults. The runner's own options are the executor's to check. */
export function resolveToolsOptions(options: OpenAiAgentsToolsOptions): ResolvedToolsOptions {
  checkOptions(OWNER, options, TOOLS_OPTIONS, invalidOption);
  const runner = options.runner;
  if (runner === undefined)
    throw invalidOption(
      refusedOption(OWNER, 'runner', 'the ToolCallRunner options, with permissions', runner),
    );
  const owned = BRIDGE_OWNED.filter((name) => (runner as Record<string, unknown>)[name] !== undefined);
  if (owned.length > 0)
    throw new OpenAiAgentsBridgeError(
      OpenAiAgentsBridgeErrorCode.InvalidOption,
      `${OWNER}: runner.${owned.join(', runner.')} ${owned.length === 1 ? 'is' : 'are'} set by the bridge (the tools come from registry or tools, and an approval is Agents JS's state.approve()); leave ${owned.length === 1 ? 'it' : 'them'} out.`,
    );
  if (typeof runner.permissions?.decide !== 'function')
    throw invalidOption(
      refusedOption(
        OWNER,
        'runner.permissions',
        'a PermissionPolicy (anything with decide()): it decides each call and which ones need approval',
        runner.permissions,
      ),
    );
  return { source: resolveSource(options), runner, images: options.images ?? 'inline' };
}

function resolveSource(options: OpenAiAgentsToolsOptions): ResolvedToolsOptions['source'] {
  const { registry, tools } = options;
  if ((registry === undefined) === (tools === undefined))
    throw new OpenAiAgentsBridgeError(
      OpenAiAgentsBridgeErrorCode.InvalidOption,
      `${OWNER}: give exactly one of registry (a ToolRegistry) and tools (a list of tools); got ${registry === undefined ? 'neither' : 'both'}.`,
    );
  if (registry !== undefined) {
    if (typeof registry?.get !== 'function' || typeof registry.getFunctionDeclarationsByMode !== 'function')
      throw invalidOption(refusedOption(OWNER, 'registry', 'a ToolRegistry', registry));
    return { registry };
  }
  // An array (checked by TOOLS_OPTIONS), since exactly one of registry and tools is given.
  const list = tools as readonly Tool[];
  const problem = findToolListProblem(list, OPENAI_AGENTS_ACCEPTS);
  if (problem !== undefined) throw toolListError(problem);
  return { tools: list };
}

/** The bridge's error for what is wrong with a `tools` list: the shared words, its own classes. */
function toolListError(problem: ToolListProblem): Error {
  const described = describeToolListProblem(
    problem,
    OWNER,
    'Agents JS finds a called tool by name, so one of them could never be called',
  );
  switch (problem.kind) {
    case 'unsupported_version':
      return new OpenAiAgentsBridgeError(
        OpenAiAgentsBridgeErrorCode.UnsupportedSpecificationVersion,
        described.message,
      );
    case 'not_a_tool':
      return invalidOption(described);
    case 'duplicate_name':
      return new OpenAiAgentsBridgeError(OpenAiAgentsBridgeErrorCode.DuplicateTool, described.message);
  }
}
