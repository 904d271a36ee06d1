import type { CallJudgement } from '@toolwright/executor';

/**
 * The executor's judgements of calls Agents JS asked `needsApproval` about, kept until the same
 * call runs: handed to the runner, each is that call's permission check, so the policy is asked
 * once a call. Kept per run context (Agents JS passes the same one to `needsApproval` and to the
 * call), so a run that stops before a call runs leaves nothing behind; taken once.
 */
export class CallJudgements {
  readonly #byContext = new WeakMap<object, Map<string, CallJudgement>>();

  /** Keeps `judgement` of the call `callId` in the run `context` (a later judgement replaces it). */
  keep(context: unknown, callId: string, judgement: CallJudgement): void {
    if (typeof context !== 'object' || context === null) return;
    let judgements = this.#byContext.get(context);
    if (judgements === undefined) {
      judgements = new Map();
      this.#byContext.set(context, judgements);
    }
    judgements.set(callId, judgement);
  }

  /** The judgement of the call `callId` in the run `context`, removed; `undefined` when none is kept. */
  take(context: unknown, callId: string): CallJudgement | undefined {
    if (typeof context !== 'object' || context === null) return undefined;
    const judgements = this.#byContext.get(context);
    const judgement = judgements?.get(callId);
    if (judgement !== undefined) judgements?.delete(callId);
    return judgement;
  }
}
