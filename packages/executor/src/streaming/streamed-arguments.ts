import type { JSONParser } from '@streamparser/json';

/** The incremental JSON parser's class (`JSONParser` of `@streamparser/json`). */
export type ArgumentParser = typeof JSONParser;

let loading: Promise<ArgumentParser> | undefined;

/**
 * `@streamparser/json`, loaded when the first streamed turn starts reading rather than with the
 * executor: a host that runs only whole batches never needs it. A dynamic `import()` in both
 * builds (the parser keeps no state a second copy could split), which a bundler follows.
 */
export function loadArgumentParser(): Promise<ArgumentParser> {
  loading ??= import('@streamparser/json').then((entry) => entry.JSONParser);
  return loading;
}

/**
 * The JSON arguments of one streamed call, fed fragment by fragment. An incremental parser
 * (`@streamparser/json`, given by {@link loadArgumentParser}) reads each fragment as it arrives,
 * so malformed arguments are known at the first bad character and a complete value never needs a
 * second parse.
 */
export class StreamedArguments {
  readonly #parser: JSONParser;
  #text = '';
  #value: unknown;
  #hasValue = false;
  #malformed: string | undefined;

  constructor(Parser: ArgumentParser) {
    this.#parser = new Parser({ paths: ['$'], keepStack: false });
    this.#parser.onValue = ({ value, stack }) => {
      if (stack.length > 0) return;
      this.#value = value;
      this.#hasValue = true;
    };
    this.#parser.onError = (error) => {
      this.#malformed ??= error.message;
    };
  }

  /** Adds a fragment of the argument text. */
  write(fragment: string): void {
    this.#text += fragment;
    if (this.#malformed !== undefined) return;
    try {
      this.#parser.write(fragment);
    } catch (error) {
      this.#malformed ??= (error as Error).message;
    }
  }

  /** Why the text is not JSON, as soon as that is known; `undefined` while it may still be. */
  get malformed(): string | undefined {
    return this.#malformed;
  }

  /** The text received so far. */
  get text(): string {
    return this.#text;
  }

  /**
   * The decoded arguments once the provider said they are complete: the parsed value, `{}` for
   * no text at all (a call without arguments), and otherwise the raw text, which the tool's
   * validator reports to the model as not an object.
   */
  value(): unknown {
    if (this.#hasValue && this.#malformed === undefined) return this.#value;
    if (this.#text.trim() === '') return {};
    return this.#text;
  }
}
