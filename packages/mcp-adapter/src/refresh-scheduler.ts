import { checkOption, checkOptions, type OptionTable, TIMER_MS } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';

/** Which listings a refresh should re-read. */
export type RefreshKind = 'tools' | 'resources' | 'prompts';

/** Options of {@link RefreshScheduler}. */
export interface RefreshSchedulerOptions {
  /** Runs one refresh of the kinds asked for since the last one. */
  readonly run: (kinds: ReadonlySet<RefreshKind>) => Promise<void>;
  /** Quiet time after the last request before a refresh starts; default 300 ms. */
  readonly debounceMs?: number;
  /** Receives a refresh's failure (a refresh never rejects into nowhere). */
  readonly onError: (error: unknown) => void;
}

const OPTION_NAMES: OptionTable<RefreshSchedulerOptions> = {
  run: { kind: 'custom' },
  debounceMs: { kind: 'custom' },
  onError: { kind: 'custom' },
};

/**
 * Turns a flood of `list_changed` notifications into few refreshes: requests are debounced
 * (default 300 ms after the last one), coalesced (the kinds asked for are merged), at most one
 * refresh runs at a time, and requests that arrive while it runs collapse into one trailing
 * refresh. A server that announces changes in a loop therefore costs at most one refresh per
 * debounce window plus the refresh's own time.
 */
export class RefreshScheduler {
  readonly #run: (kinds: ReadonlySet<RefreshKind>) => Promise<void>;
  readonly #debounceMs: number;
  readonly #onError: (error: unknown) => void;
  #pending = new Set<RefreshKind>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #closed = false;
  #runs = 0;

  /** @throws McpAdapterError `invalid_option` for an unknown key, a missing callback or a bad delay. */
  constructor(options: RefreshSchedulerOptions) {
    checkOptions('RefreshScheduler', options, OPTION_NAMES, invalidOption);
    checkOption(
      'RefreshScheduler',
      'run',
      options.run,
      { kind: 'custom', required: true, accepts: 'the refresh to run' },
      invalidOption,
    );
    checkOption('RefreshScheduler', 'run', options.run, { kind: 'function' }, invalidOption);
    checkOption(
      'RefreshScheduler',
      'onError',
      options.onError,
      { kind: 'custom', required: true, accepts: 'where failures go' },
      invalidOption,
    );
    checkOption('RefreshScheduler', 'onError', options.onError, { kind: 'function' }, invalidOption);
    checkOption('RefreshScheduler', 'debounceMs', options.debounceMs, TIMER_MS, invalidOption);
    this.#run = options.run;
    this.#debounceMs = options.debounceMs ?? 300;
    this.#onError = options.onError;
  }

  /** How many refreshes have started. */
  get runs(): number {
    return this.#runs;
  }

  /** Asks for a refresh of `kind`; cheap to call many times a second. */
  request(kind: RefreshKind): void {
    if (this.#closed) return;
    this.#pending.add(kind);
    // While a refresh runs, the pending set is the trailing refresh; it starts when this one ends.
    if (this.#running !== undefined) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#start(), this.#debounceMs);
    this.#timer.unref?.();
  }

  /** Resolves once no refresh is running or waiting (for tests and orderly shutdown). */
  async settled(): Promise<void> {
    while (this.#running !== undefined || this.#timer !== undefined) {
      if (this.#running !== undefined) await this.#running;
      else await new Promise((resolve) => setTimeout(resolve, this.#debounceMs));
    }
  }

  /** Drops pending requests and stops scheduling new ones. */
  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending.clear();
  }

  #start(): void {
    this.#timer = undefined;
    if (this.#closed || this.#pending.size === 0) return;
    const kinds = this.#pending;
    this.#pending = new Set();
    this.#runs += 1;
    this.#running = this.#run(kinds)
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#running = undefined;
        if (this.#pending.size > 0 && !this.#closed) {
          this.#timer = setTimeout(() => this.#start(), this.#debounceMs);
          this.#timer.unref?.();
        }
      });
  }
}
