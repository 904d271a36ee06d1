import type { Tool, ToolInvocation } from '@toolwright/contracts';
import { type DeferredToolState, isNotLoaded, type PermissionChecker } from '@toolwright/executor';
import type { ToolMode } from '@toolwright/registry';

/** What {@link needsApprovalByPolicy} judges a call with. */
export interface PolicyApprovalSettings {
  readonly permissions: PermissionChecker;
  readonly mode: () => ToolMode;
  readonly deferred: DeferredToolState | undefined;
}

/**
 * Answers Agents JS's `needsApproval` from the toolwright permission policy: true exactly when the
 * policy says `ask` for this call, so Agents JS interrupts the run and the host approves or
 * rejects it with its own `state.approve()` / `state.reject()`. The policy judges the invocation
 * the executor would build (coerced, `null` read as absent for strict tools, affected paths
 * resolved); the executor judges the call again when it runs, so this is never the only check:
 *
 * - `deny` and `allow` are false: the call goes on to the executor, which refuses or runs it;
 * - input toolwright refuses, or a deferred tool not loaded, is false: the executor answers with
 *   the repairable message or the refusal, which the model reads;
 * - pre-tool hooks run only in the executor: a hook that turns a call into one the policy asks
 *   about gets it declined there, never run unasked.
 *
 * The invocation is not handed on to the run: a model may repeat a call id with other
 * arguments, and the executor builds the call it runs from the arguments it runs.
 */
export async function needsApprovalByPolicy(
  settings: PolicyApprovalSettings,
  tool: Tool,
  input: unknown,
  nullAsAbsent: boolean,
): Promise<boolean> {
  if (isNotLoaded(settings.deferred, tool.name)) return false;
  try {
    const invocation: ToolInvocation = tool.build(input, { nullAsAbsent });
    const decision = await settings.permissions.decide({ invocation, tool, mode: settings.mode() });
    return decision.behavior === 'ask';
  } catch {
    // Invalid input, or a tool callback (affectedPaths) that throws: the executor builds and
    // judges the call again and answers with toolwright's message or the failure, fail-closed.
    return false;
  }
}
