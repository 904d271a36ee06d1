import type { CallJudgement, ToolCallRequest, ToolCallRunner, TurnOptions } from '@toolwright/executor';
import type { CallJudgements } from './call-judgements.js';

/**
 * Answers Agents JS's `needsApproval` from the toolwright permission policy: true exactly when the
 * policy says `ask` for this call, so Agents JS interrupts the run and the host approves or
 * rejects it with its own `state.approve()` / `state.reject()`. The executor's runner judges the
 * call as it would run it (coerced, `null` read as absent for strict tools, affected paths
 * resolved), and the judgement is kept for the call: handed back to the runner when the call
 * runs, it is that call's permission check, so the policy is asked once a call. The runner takes
 * it only for the same call id, tool, arguments and mode, and judges again otherwise — a model
 * may repeat a call id with other arguments:
 *
 * - `deny` and `allow` are false: the call goes on to the executor, which refuses or runs it;
 * - input toolwright refuses, or a deferred tool not loaded, is false: the executor answers with
 *   the repairable message or the refusal, which the model reads;
 * - `ask` is never taken as the check: once the host approved, the executor judges the call
 *   again when it runs, and reads the approval from the bridge's gate;
 * - pre-tool hooks run only in the executor, which then judges the call again: a hook that turns
 *   a call into one the policy asks about gets it declined there, never run unasked.
 */
export function needsApprovalByPolicy(
  runner: ToolCallRunner,
  judgements: CallJudgements,
  context: unknown,
  call: ToolCallRequest,
  options: TurnOptions,
): Promise<boolean> {
  const answer = (judgement: CallJudgement): boolean => {
    if (judgement.behavior === 'ask') return true;
    if (judgement.behavior !== undefined) judgements.keep(context, call.id, judgement);
    return false;
  };
  try {
    const judging = runner.judge(call, options);
    return judging instanceof Promise ? judging.then(answer) : Promise.resolve(answer(judging));
  } catch (error) {
    // The runner judges without throwing; a host lookup that throws is the executor's to report.
    return Promise.reject(error);
  }
}
