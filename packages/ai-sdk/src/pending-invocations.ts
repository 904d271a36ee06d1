import type { ToolInvocation } from '@toolwright/contracts';

/** How many validated calls may wait for their execute; more than a step ever holds. */
const CAPACITY = 64;

/**
 * The invocations that validation built, by the params object the SDK hands back to `execute`,
 * so a call run without an executor is parsed once. Bounded: a call the SDK validated but never
 * executes (an approval request, a step cut short) is forgotten once 64 newer ones wait, and a
 * forgotten call is simply built again. A `Map` rather than a `WeakMap`: V8's weak tables make
 * each set-then-delete several times dearer than the parse this saves.
 */
export class PendingInvocations {
  readonly #byParams = new Map<object, ToolInvocation>();

  remember(invocation: ToolInvocation): void {
    const params = invocation.params as unknown;
    if (typeof params !== 'object' || params === null) return;
    if (this.#byParams.size >= CAPACITY) {
      const oldest = this.#byParams.keys().next();
      if (oldest.done !== true) this.#byParams.delete(oldest.value);
    }
    this.#byParams.set(params, invocation);
  }

  /** The invocation built for exactly this params object, once; `undefined` when there is none. */
  take(params: unknown): ToolInvocation | undefined {
    if (typeof params !== 'object' || params === null) return undefined;
    const invocation = this.#byParams.get(params);
    if (invocation !== undefined) this.#byParams.delete(params);
    return invocation;
  }
}
