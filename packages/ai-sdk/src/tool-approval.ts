import { PROVIDER_TARGETS, type ProviderTarget, type Tool } from '@toolwright/contracts';
import type { ApprovalHandler, PermissionChecker } from '@toolwright/executor';
import type { ToolMode, ToolRegistry } from '@toolwright/registry';
import { checkOptions, isNotLoaded, type OptionTable, refusedOption } from '@toolwright/utils';
import { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';
import { approvedCallIds } from './approval-messages.js';
import { invalidOption } from './invalid-option.js';

/** Options of {@link createToolApproval}. Every key is checked: an unknown or misspelt one is refused. */
export interface ToolApprovalOptions {
  /** The registry the tool set was made from. Give `registry` or `tools`, not both. */
  readonly registry?: ToolRegistry;
  /** The fixed list of tools the tool set was made from. */
  readonly tools?: readonly Tool[];
  /** The executor's permission policy (the same `PermissionPolicy` object, or your own checker). */
  readonly permissions: PermissionChecker;
  /** The mode the executor runs in, read at each call; default `'default'`. */
  readonly mode?: ToolMode | (() => ToolMode);
  /** The `target` given to `toAiSdkTools` (strict OpenAI tools read `null` as absent); default `'json-schema'`. */
  readonly target?: ProviderTarget;
}

/**
 * What AI SDK 7's `toolApproval` answers (its `ToolApprovalStatus`), as far as the bridge answers
 * it; written out so the published types need nothing of `ai`'s own.
 */
export type ToolApprovalAnswer =
  | 'not-applicable'
  | { readonly type: 'user-approval'; readonly reason: string };

/** What AI SDK 7 passes a `toolApproval` function, as far as the bridge reads it. */
export interface ToolApprovalRequest {
  /** The call to judge: its id, the tool's name and its input as the SDK validated it. */
  readonly toolCall: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown };
  /** The conversation so far; on a resumed run it holds the user's `tool-approval-response`. */
  readonly messages: readonly unknown[];
}

/**
 * The two halves of {@link createToolApproval}: one for the SDK, one for the executor. Give the
 * object itself to `toAiSdkTools({ approval })` for AI SDK 6 (and 7): each tool then asks through
 * the SDK's per-tool `needsApproval`.
 */
export interface ToolwrightToolApproval {
  /** Give it to `generateText` / `streamText` / an `Agent` as `toolApproval` (AI SDK 7). */
  readonly toolApproval: (request: ToolApprovalRequest) => Promise<ToolApprovalAnswer>;
  /** Give it to the `ToolExecutor` as `approve`: it grants exactly the calls the user approved in the SDK. */
  readonly approve: ApprovalHandler;
}

const APPROVAL_OPTIONS: OptionTable<ToolApprovalOptions> = {
  registry: { kind: 'custom' },
  tools: { kind: 'array', accepts: 'an array of tools from createTool' },
  permissions: {
    kind: 'custom',
    required: true,
    accepts: 'a PermissionPolicy (or an object with decide(request))',
  },
  mode: { kind: 'custom' },
  target: { kind: 'oneOf', values: PROVIDER_TARGETS },
};

const OWNER = 'createToolApproval';

/** How many approved calls may wait for the executor to ask about them at once. */
export const OUTSTANDING_GRANTS = 1024;

/**
 * Toolwright's approvals as the AI SDK's tool approval. The permission policy judges each call the
 * model makes before it runs: where it says `ask`, the SDK stops with a `tool-approval-request`
 * (the reason is the policy's) for the host to show; the host adds the user's
 * `tool-approval-response` to the messages and runs again, and the SDK runs the call — through the
 * executor, which judges it again and, its policy still saying `ask`, asks `approve`, which grants
 * exactly that call id, once. A denied approval never reaches the executor. `allow` and `deny` are
 * `'not-applicable'`: the executor runs or refuses the call, in its own words.
 *
 * AI SDK 7 takes `toolApproval` (which carries the policy's reason to the host). AI SDK 6 has no
 * `toolApproval`: give the whole object to `toAiSdkTools({ approval })`, and each bridged tool
 * asks through the SDK's per-tool `needsApproval`; the SDK runs an approved call without asking
 * again, so the call itself reads its approval from the messages and holds the grant while it runs.
 *
 * The answer is read from the messages the SDK is given, so a run resumed in another process
 * works; when those messages come from a browser, set the SDK's `experimental_toolApprovalSecret`
 * so a forged approval is refused. Invalid input, an unknown tool or a deferred tool not loaded
 * is `'not-applicable'`: the executor answers it with the message the model repairs from.
 *
 * @throws AiSdkBridgeError `invalid_option` when the options are wrong.
 */
export function createToolApproval(options: ToolApprovalOptions): ToolwrightToolApproval {
  checkOptions(OWNER, options, APPROVAL_OPTIONS, invalidOption);
  const { registry, tools, permissions } = options;
  if ((registry === undefined) === (tools === undefined))
    throw new AiSdkBridgeError(
      AiSdkBridgeErrorCode.InvalidOption,
      `${OWNER}: give exactly one of registry (a ToolRegistry) and tools (a list of tools); got ${registry === undefined ? 'neither' : 'both'}.`,
    );
  if (typeof permissions?.decide !== 'function')
    throw invalidOption(
      refusedOption(
        OWNER,
        'permissions',
        'a PermissionPolicy (or an object with decide(request))',
        permissions,
      ),
    );
  const mode = options.mode ?? 'default';
  if (typeof mode !== 'function' && mode !== 'default' && mode !== 'plan')
    throw invalidOption(refusedOption(OWNER, 'mode', "'default', 'plan' or a function returning one", mode));
  const target = options.target ?? 'json-schema';
  const openAi = target === 'openai-chat' || target === 'openai-responses';
  const byName = tools === undefined ? undefined : new Map(tools.map((tool) => [tool.name, tool]));
  const lookup = (name: string): Tool | undefined =>
    byName === undefined ? registry?.get(name) : byName.get(name);
  // The call ids the user approved, each granted once, when the executor asks about it. A grant
  // the executor never asks about (the policy changed, a hook refused the call first) would stay;
  // past OUTSTANDING_GRANTS the oldest goes, so the set stays bounded and the dropped call, should
  // it still come, is declined: fail-closed.
  const granted = new Set<string>();
  const grant = (toolCallId: string): void => {
    granted.delete(toolCallId);
    granted.add(toolCallId);
    if (granted.size > OUTSTANDING_GRANTS) granted.delete(granted.values().next().value as string);
  };

  /** The policy's reason where it asks about this call; undefined where the executor decides. */
  const askReason = async (toolName: string, input: unknown): Promise<string | undefined> => {
    const tool = lookup(toolName);
    if (tool === undefined || isNotLoaded(registry?.deferred, tool.name)) return undefined;
    try {
      const invocation = tool.build(input, { nullAsAbsent: openAi && tool.strict });
      const decision = await permissions.decide({
        invocation,
        tool,
        mode: typeof mode === 'function' ? mode() : mode,
      });
      return decision.behavior === 'ask' ? decision.reason : undefined;
    } catch {
      // Invalid input or a tool callback that throws: the executor builds and judges the call
      // again and answers with toolwright's message or the failure, fail-closed.
      return undefined;
    }
  };

  const toolApproval = async ({ toolCall, messages }: ToolApprovalRequest): Promise<ToolApprovalAnswer> => {
    const reason = await askReason(toolCall.toolName, toolCall.input);
    if (reason === undefined) return 'not-applicable';
    if (approvedCallIds(messages).has(toolCall.toolCallId)) grant(toolCall.toolCallId);
    return { type: 'user-approval', reason };
  };

  const approve: ApprovalHandler = async ({ toolCallId }) =>
    toolCallId !== undefined && granted.delete(toolCallId);

  const approval: ToolwrightToolApproval = Object.freeze({ toolApproval, approve });
  PER_TOOL_APPROVALS.set(approval, {
    needsApproval: async (toolName, input) => (await askReason(toolName, input)) !== undefined,
    grantWhileRunning: async (toolCallId, messages, run) => {
      // AI SDK 6 runs an approved call without asking again: the approval is read here, from the
      // messages the SDK hands the call, and holds only while that call runs.
      if (!approvedCallIds(messages).has(toolCallId)) return run();
      grant(toolCallId);
      try {
        return await run();
      } finally {
        granted.delete(toolCallId);
      }
    },
  });
  return approval;
}

/** What a bridged tool of `toAiSdkTools({ approval })` asks of the approval it was given. */
export interface PerToolApproval {
  /** Whether the policy asks about this call (the SDK's per-tool `needsApproval`). */
  needsApproval(toolName: string, input: unknown): Promise<boolean>;
  /** Runs the call with its approval granted in the executor, if the messages hold one for it. */
  grantWhileRunning<T>(toolCallId: string, messages: readonly unknown[], run: () => Promise<T>): Promise<T>;
}

// Keyed by the object createToolApproval returned, so the public type stays the two functions
// the SDK and the executor take, and only an approval made here is accepted.
const PER_TOOL_APPROVALS = new WeakMap<ToolwrightToolApproval, PerToolApproval>();

/** The per-tool side of an approval made by {@link createToolApproval}; undefined for anything else. */
export function perToolApprovalOf(value: unknown): PerToolApproval | undefined {
  return typeof value === 'object' && value !== null
    ? PER_TOOL_APPROVALS.get(value as ToolwrightToolApproval)
    : undefined;
}
