import type { ApprovalHandler } from '@toolwright/executor';

/**
 * The executor's `approve` handler for calls Agents JS approved. Agents JS asks before a call runs
 * (`needsApproval`), stops the run with an interruption, and runs the call once the host answered
 * `state.approve(item)` — possibly in another process, from a serialised `RunState`. While the
 * bridge hands a call to the executor, the gate holds how to read that answer from the run
 * context; the executor, judging the call again, asks here when its policy says `ask`: exactly
 * that call id is approved, once. A call Agents JS did not approve is declined, never run unasked.
 *
 * The answer is read only when the executor asks: Agents JS's `isToolApproved` costs more than
 * the rest of a call (for a tool name that is not one of its JSON state keys it parses the name
 * as JSON and catches the error), and a call the policy allows never needs it.
 */
export class ApprovalGate {
  readonly #pending = new Map<string, () => boolean>();

  /**
   * Runs `task` with the call `callId` answered by `isApproved` until it settles, and maps its
   * outcome with `output` (one promise for both).
   */
  run<T, Output>(
    callId: string,
    isApproved: () => boolean,
    task: () => Promise<T>,
    output: (value: T) => Output,
  ): Promise<Output> {
    this.#pending.set(callId, isApproved);
    const forget = (): void => {
      // A later call with the same id holds its own answer.
      if (this.#pending.get(callId) === isApproved) this.#pending.delete(callId);
    };
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      forget();
      throw error;
    }
    return running.then(
      (value) => {
        forget();
        return output(value);
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
  }

  /** The handler the bridge's runner is built with. */
  readonly approve: ApprovalHandler = async ({ toolCallId }) => {
    const isApproved = toolCallId === undefined ? undefined : this.#pending.get(toolCallId);
    if (isApproved === undefined) return false;
    // Once: a second ask of the same call is declined.
    this.#pending.delete(toolCallId as string);
    return isApproved();
  };
}
