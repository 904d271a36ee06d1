import type { InputRequest, InputRequests } from '@modelcontextprotocol/server';

/**
 * What a tool's request for input rejects with while the client has not answered yet, in a
 * stateless (2026-07-28) call. The call ends there; what it asked for goes back to the client as
 * an `input_required` result, and the retried call runs the tool again from the start.
 */
export class InputPendingError extends Error {
  constructor(readonly key: string) {
    super(`The client has not answered input request "${key}" yet; the call is asked again once it has.`);
    this.name = 'InputPendingError';
  }
}

/**
 * The client's answers to what one stateless tool call asked of it (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`), over the rounds of multi-round-trip MCP.
 *
 * Spec 2026-07-28 has no server-to-client requests: a call that needs input ends with an
 * `input_required` result naming its requests, and the client calls again with the answers. The
 * tool is written once, awaiting `elicitInput()` as it would over a 2025 session, so each round
 * runs it again from the start: every request it makes is looked up by key among the answers
 * so far, and the first one without an answer ends the round. Answers of earlier rounds travel
 * in the signed `requestState`, so any replica serves the next round. A tool's work before its
 * last request runs once per round: it must not do there what it would regret doing twice.
 */
export class InputRounds {
  readonly #answers: Readonly<Record<string, unknown>>;
  readonly #asked: Record<string, InputRequest> = {};
  readonly #used = new Map<string, unknown>();
  readonly #missing = new Set<string>();
  #unnamed = 0;

  /** `answers`: those carried over from earlier rounds, merged with this round's responses. */
  constructor(answers: Readonly<Record<string, unknown>>) {
    this.#answers = answers;
  }

  /**
   * The client's answer to `request` under `key` (or the next unnamed key), when it is there and
   * `fits` it; otherwise records the request and rejects with {@link InputPendingError}.
   */
  answer(key: string | undefined, request: InputRequest, fits: (answer: unknown) => boolean): unknown {
    const name = key ?? `input-${this.#unnamed++}`;
    const answer = this.#answers[name];
    if (answer !== undefined && fits(answer)) {
      this.#used.set(name, answer);
      return answer;
    }
    this.#asked[name] = request;
    throw new InputPendingError(name);
  }

  /**
   * Notes that the handler needed a capability the client's request did not declare: spec
   * 2026-07-28 wants the request refused for it (`-32021`), not answered as a tool's failure.
   */
  needCapability(capability: string): void {
    this.#missing.add(capability);
  }

  /** The capabilities the handler needed and the client did not declare. */
  get missingCapabilities(): readonly string[] {
    return [...this.#missing];
  }

  /** True once the tool asked for something not answered yet: its result is not final. */
  get pending(): boolean {
    return Object.keys(this.#asked).length > 0;
  }

  /** The requests to send back in the `input_required` result. */
  get requests(): InputRequests {
    return { ...this.#asked };
  }

  /**
   * The answers the next round needs: those the tool used in this one. Answers to keys it never
   * asked for are dropped, so a client cannot grow the state with keys of its own.
   */
  get carried(): Record<string, unknown> {
    return Object.fromEntries(this.#used);
  }
}
