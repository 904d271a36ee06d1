import { JSONParser } from '@streamparser/json';

/** Where the JSON text written to a {@link JsonCompletionWatcher} stands. */
export type JsonCompletionState = 'incomplete' | 'complete' | 'malformed';

/**
 * Tells, fragment by fragment, when streamed JSON text has formed one complete value — the
 * moment a tool call's arguments are known, before the provider says the call is over.
 * Tokenising is left to `@streamparser/json`, which keeps only its parse state, so each
 * fragment costs its own length, not the length of all the text so far.
 *
 * `complete` turns into `malformed` when anything but whitespace follows the value: the text
 * as a whole is then not JSON, and the caller must not treat the value as the arguments.
 */
export class JsonCompletionWatcher {
  readonly #parser = new JSONParser({ paths: ['$'], keepStack: false });
  #state: JsonCompletionState = 'incomplete';

  constructor() {
    // The parser ends itself after the first top-level value (no separator is configured);
    // with onError set it reports instead of throwing, also for text after that value.
    // The value itself is not needed (the accumulator decodes the whole text), but the parser
    // reports an error for any value it cannot hand to an onValue callback.
    this.#parser.onValue = () => undefined;
    this.#parser.onEnd = () => {
      if (this.#state === 'incomplete') this.#state = 'complete';
    };
    this.#parser.onError = () => {
      this.#state = 'malformed';
    };
  }

  /** The state after everything written so far. */
  get state(): JsonCompletionState {
    return this.#state;
  }

  /** Feeds the next fragment and returns the new state. */
  write(fragment: string): JsonCompletionState {
    if (this.#state !== 'malformed' && fragment !== '') this.#parser.write(fragment);
    return this.#state;
  }
}
