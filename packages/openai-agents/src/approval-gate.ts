import type { ApprovalHandler } from '@toolwright/executor';

/**
 * The executor's `approve` handler for calls Agents JS approved. Agents JS asks before a call runs
 * (`needsApproval`), stops the run with an interruption, and runs the call once the host answered
 * `state.approve(item)` — possibly in another process, from a serialised `RunState`. The bridge
 * reads that answer from the run context just before it hands the call to the executor, and the
 * executor, judging the call again, reads it here when its policy says `ask`: exactly that call
 * id is approved, once. A call Agents JS did not approve is declined, never run unasked.
 */
export class ApprovalGate {
  readonly #approved = new Set<string>();

  /**
   * Runs `task` with the call `callId` approved until it settles. Only an approved call pays for
   * the bookkeeping: any other one is `task()` itself, with no promise of the gate's around it.
   */
  with<T>(callId: string, approved: boolean, task: () => Promise<T>): Promise<T> {
    if (!approved) return task();
    this.#approved.add(callId);
    const forget = (): void => {
      this.#approved.delete(callId);
    };
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      forget();
      throw error;
    }
    return running.finally(forget);
  }

  /** The handler the bridge's runner is built with. */
  readonly approve: ApprovalHandler = async ({ toolCallId }) =>
    toolCallId !== undefined && this.#approved.delete(toolCallId);
}
