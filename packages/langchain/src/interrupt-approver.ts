import type { ApprovalHandler } from '@toolwright/executor';

/**
 * What an approval interrupt carries: LangChain's human-in-the-loop request (`HITLRequest` of
 * `humanInTheLoopMiddleware`), so a UI that answers that middleware answers toolwright's
 * approvals too. One action per interrupt: the call the permission policy asks about.
 */
export interface ApprovalInterrupt {
  readonly actionRequests: ReadonlyArray<{
    /** The tool's name. */
    readonly name: string;
    /** The call's validated arguments (after coercion and defaults). */
    readonly args: Readonly<Record<string, unknown>>;
    /** Why the permission policy asks. */
    readonly description: string;
  }>;
  readonly reviewConfigs: ReadonlyArray<{
    readonly actionName: string;
    /** `edit` is not offered: a changed call would be another call, judged anew. */
    readonly allowedDecisions: readonly ['approve', 'reject'];
  }>;
}

/**
 * The answer to resume with (`new Command({ resume: answer })`): LangChain's `HITLResponse`.
 * One decision; `approve` runs the call, anything else declines it (fail closed).
 */
export interface ApprovalResume {
  readonly decisions: ReadonlyArray<
    { readonly type: 'approve' } | { readonly type: 'reject'; readonly message?: string }
  >;
}

/** How many interrupts may wait for their bridged call to pick them up; more than a step holds. */
const CAPACITY = 64;

/** The interrupts each approver caught, by tool call id, until the bridged call rethrows them. */
const waiting = new WeakMap<InterruptApprover, Map<string, unknown>>();

/**
 * Approvals through LangGraph's `interrupt()`: give {@link InterruptApprover.approve} to the
 * `ToolExecutor` as its `approve` handler, and the approver to the bridge (`approvals`). When the
 * permission policy asks about a call, the agent's run stops with an interrupt carrying an
 * {@link ApprovalInterrupt}; nothing ran. Resuming the thread with
 * `new Command({ resume: { decisions: [{ type: 'approve' }] } })` runs the call again through the
 * executor, which asks again and now gets the answer: the call runs (or is declined) exactly as the
 * policy and the person decided. Needs `@langchain/langgraph` and a checkpointer on the agent.
 */
export class InterruptApprover {
  constructor() {
    waiting.set(this, new Map());
  }

  /** The executor's approval handler (`new ToolExecutor({ approve: approver.approve })`). */
  readonly approve: ApprovalHandler = async (request) => {
    const { interrupt, isGraphInterrupt } = await import('@langchain/langgraph');
    const name = request.invocation.toolName;
    const question: ApprovalInterrupt = {
      actionRequests: [
        {
          name,
          args: request.invocation.params as Readonly<Record<string, unknown>>,
          description: request.reason,
        },
      ],
      reviewConfigs: [{ actionName: name, allowedDecisions: ['approve', 'reject'] }],
    };
    let answer: unknown;
    try {
      answer = interrupt(question);
    } catch (error) {
      // The first time, interrupt() throws to pause the graph. The executor would turn a throw into
      // a failed call, so the call is refused for now instead ("pending"), and the bridge rethrows
      // this very interrupt once the executor has returned: the run pauses with nothing run.
      if (!isGraphInterrupt(error) || request.toolCallId === undefined) throw error;
      remember(this, request.toolCallId, error);
      return { pendingApproval: `langgraph-interrupt:${request.toolCallId}` };
    }
    return isApproval(answer);
  };
}

function remember(approver: InterruptApprover, callId: string, interruption: unknown): void {
  const pending = waiting.get(approver) as Map<string, unknown>;
  if (pending.size >= CAPACITY) {
    const oldest = pending.keys().next();
    if (oldest.done !== true) pending.delete(oldest.value);
  }
  pending.set(callId, interruption);
}

/** The interrupt the approver caught for this call, once; `undefined` when it caught none. */
export function takeInterrupt(approver: InterruptApprover | undefined, callId: string): unknown {
  if (approver === undefined) return undefined;
  const pending = waiting.get(approver);
  const interruption = pending?.get(callId);
  pending?.delete(callId);
  return interruption;
}

/** True only for exactly one `approve` decision: a malformed answer declines. */
function isApproval(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const decisions = (answer as { decisions?: unknown }).decisions;
  return (
    Array.isArray(decisions) &&
    decisions.length === 1 &&
    (decisions[0] as { type?: unknown } | undefined)?.type === 'approve'
  );
}
