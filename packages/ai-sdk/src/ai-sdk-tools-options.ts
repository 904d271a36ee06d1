import {
  describeToolListProblem,
  findToolListProblem,
  PROVIDER_TARGETS,
  type ProviderTarget,
  type Tool,
  type ToolListProblem,
} from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import { checkOptions, type OptionTable, refusedOption, SESSION_ID_PATTERN } from '@toolwright/utils';
import { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';
import type { DirectContext } from './direct-runner.js';
import type { BridgeExecutor } from './executor-runner.js';
import { invalidOption } from './invalid-option.js';
import { AI_SDK_ACCEPTS } from './specification-version.js';
import { type PerToolApproval, perToolApprovalOf, type ToolwrightToolApproval } from './tool-approval.js';
import type { ImageDelivery } from './tool-output.js';

/** Options of {@link toAiSdkTools}. Every key is checked: an unknown or misspelt one is refused. */
export interface AiSdkToolsOptions {
  /**
   * The registry whose tools become the `ToolSet` (every tool, deferred ones included, as a live
   * view: tools added later are there too). Pair it with `createPrepareStep` so that each step
   * declares only the loaded ones. Give `registry` or `tools`, not both.
   */
  readonly registry?: ToolRegistry;
  /** A fixed list of tools (no deferred loading); names must be unique. */
  readonly tools?: readonly Tool[];
  /**
   * Runs every call: its permission policy, hooks, timeouts, retries and artifact sink apply, and
   * a refusal reaches the model as a tool error. Strongly recommended; without it calls run
   * through the executor's `ToolCallRunner` with no permission policy at all.
   */
  readonly executor?: BridgeExecutor;
  /** The schema dialect of the declarations (use the provider's); default `'json-schema'`. */
  readonly target?: ProviderTarget;
  /**
   * How images in results reach the model. Default `'inline'`, except for `'openai-chat'`,
   * whose tool messages carry text only (an image there would become a base64 string the model
   * cannot see): `'reference'`.
   */
  readonly images?: ImageDelivery;
  /**
   * The object {@link createToolApproval} returned, whose `approve` the executor has: each tool
   * then sets the SDK's per-tool `needsApproval` from the permission policy, so a call the policy
   * asks about stops the run with a `tool-approval-request` — AI SDK 6's approval flow (AI SDK 7
   * may take `toolApproval` instead, which also carries the policy's reason). Needs an executor.
   */
  readonly approval?: ToolwrightToolApproval;
  /** Without an executor: the execution context's session id (default `'ai-sdk'`). */
  readonly sessionId?: string;
  /** Without an executor: the execution context's workspace root (default `process.cwd()`). */
  readonly workspaceRoot?: string;
  /** Without an executor: extra execution-context fields for your tools (host services). */
  readonly contextFields?: Readonly<Record<string, unknown>>;
}

/** Every option and what it accepts; the shapes no kind says are checked in `resolveToolsOptions`. */
const TOOLS_OPTIONS: OptionTable<AiSdkToolsOptions> = {
  registry: { kind: 'custom' },
  tools: { kind: 'array', accepts: 'an array of tools from createTool' },
  executor: { kind: 'custom' },
  target: { kind: 'oneOf', values: PROVIDER_TARGETS },
  images: { kind: 'oneOf', values: ['inline', 'reference'] },
  sessionId: { kind: 'custom' },
  workspaceRoot: { kind: 'string', nonEmpty: true, accepts: 'a non-empty path' },
  contextFields: { kind: 'object' },
  approval: { kind: 'custom' },
};

const DIRECT_ONLY = ['sessionId', 'workspaceRoot', 'contextFields'] as const;

const OWNER = 'toAiSdkTools';

/** The options checked, with every default applied. */
export interface ResolvedToolsOptions {
  readonly source: { readonly registry: ToolRegistry } | { readonly tools: readonly Tool[] };
  readonly executor: BridgeExecutor | undefined;
  readonly target: ProviderTarget;
  readonly images: ImageDelivery;
  readonly context: DirectContext;
  readonly approval: PerToolApproval | undefined;
}

/** Checks every option by name and value, and applies the defaults. */
export function resolveToolsOptions(options: AiSdkToolsOptions): ResolvedToolsOptions {
  checkOptions(OWNER, options, TOOLS_OPTIONS, invalidOption);
  const target = options.target ?? 'json-schema';
  if (options.executor !== undefined && typeof options.executor?.executeBatch !== 'function')
    throw invalidOption(
      refusedOption(OWNER, 'executor', 'a ToolExecutor (an object with executeBatch)', options.executor),
    );
  if (options.executor !== undefined) {
    // The executor has its own session, workspace and context fields; these would be ignored.
    const ignored = DIRECT_ONLY.filter((name) => options[name] !== undefined);
    if (ignored.length > 0)
      throw new AiSdkBridgeError(
        AiSdkBridgeErrorCode.InvalidOption,
        `${OWNER}: ${ignored.join(', ')} apply only without an executor; give them to the ToolExecutor (sessionId, workspaceRoot, contextFields) instead.`,
      );
  }
  const sessionId = options.sessionId ?? 'ai-sdk';
  if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId))
    throw invalidOption(
      refusedOption(
        OWNER,
        'sessionId',
        `1 to 128 letters, digits, "_" and "-" (${SESSION_ID_PATTERN})`,
        sessionId,
      ),
    );
  const approval = resolveApproval(options);
  const workspaceRoot = options.workspaceRoot ?? process.cwd();
  const fields = options.contextFields ?? {};
  return {
    source: resolveSource(options),
    executor: options.executor,
    target,
    images: options.images ?? (target === 'openai-chat' ? 'reference' : 'inline'),
    context: { sessionId, workspaceRoot, fields },
    approval,
  };
}

function resolveApproval(options: AiSdkToolsOptions): PerToolApproval | undefined {
  if (options.approval === undefined) return undefined;
  const approval = perToolApprovalOf(options.approval);
  if (approval === undefined)
    throw invalidOption(
      refusedOption(OWNER, 'approval', 'the object createToolApproval returned', options.approval),
    );
  if (options.executor === undefined)
    throw new AiSdkBridgeError(
      AiSdkBridgeErrorCode.InvalidOption,
      `${OWNER}: approval needs an executor: only the executor asks the permission policy and its approve handler; give executor: new ToolExecutor({ ..., permissions, approve: approval.approve }).`,
    );
  return approval;
}

function resolveSource(options: AiSdkToolsOptions): ResolvedToolsOptions['source'] {
  const { registry, tools } = options;
  if ((registry === undefined) === (tools === undefined))
    throw new AiSdkBridgeError(
      AiSdkBridgeErrorCode.InvalidOption,
      `${OWNER}: give exactly one of registry (a ToolRegistry) and tools (a list of tools); got ${registry === undefined ? 'neither' : 'both'}.`,
    );
  if (registry !== undefined) {
    if (typeof registry?.get !== 'function' || typeof registry.getAll !== 'function')
      throw invalidOption(refusedOption(OWNER, 'registry', 'a ToolRegistry', registry));
    return { registry };
  }
  // An array (checked by TOOLS_OPTIONS), since exactly one of registry and tools is given.
  const list = tools as readonly Tool[];
  const problem = findToolListProblem(list, AI_SDK_ACCEPTS);
  if (problem !== undefined) throw toolListError(problem);
  return { tools: list };
}

/** The bridge's error for what is wrong with a `tools` list: the shared words, its own classes. */
function toolListError(problem: ToolListProblem): Error {
  const described = describeToolListProblem(
    problem,
    OWNER,
    'a ToolSet is keyed by name, so one of them would be lost',
  );
  switch (problem.kind) {
    case 'unsupported_version':
      return new AiSdkBridgeError(AiSdkBridgeErrorCode.UnsupportedSpecificationVersion, described.message);
    case 'not_a_tool':
      return invalidOption(described);
    case 'duplicate_name':
      return new AiSdkBridgeError(AiSdkBridgeErrorCode.DuplicateTool, described.message);
  }
}
