import type { ProgressUpdate } from '@toolwright/contracts';

/** The `notifications/progress` params this server sends. */
export interface ProgressNotice {
  readonly progressToken: string | number;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/**
 * A tool's `onProgress` that sends `notifications/progress` for the client's progress token.
 * The spec requires `progress` to increase with every notification, so an update without a
 * number counts one up from the last one sent, and an update whose number does not increase is
 * dropped rather than sent out of order. A failed send never fails the tool.
 */
export class ProgressReporter {
  readonly #token: string | number;
  readonly #send: (notice: ProgressNotice) => Promise<void>;
  readonly #onSendError: (error: unknown) => void;
  #last = Number.NEGATIVE_INFINITY;
  #pending: Promise<void> = Promise.resolve();
  #sent = 0;

  constructor(
    token: string | number,
    send: (notice: ProgressNotice) => Promise<void>,
    onSendError: (error: unknown) => void,
  ) {
    this.#token = token;
    this.#send = send;
    this.#onSendError = onSendError;
  }

  /** The callback a tool calls (bound, so it can be handed over as it is). */
  readonly report = (update: ProgressUpdate): void => {
    const progress = update.progress ?? (Number.isFinite(this.#last) ? this.#last + 1 : 0);
    if (!(progress > this.#last)) return;
    this.#last = progress;
    this.#sent += 1;
    const notice: ProgressNotice = {
      progressToken: this.#token,
      progress,
      ...(update.total === undefined ? {} : { total: update.total }),
      ...(update.message === '' ? {} : { message: update.message }),
    };
    this.#pending = this.#send(notice).catch(this.#onSendError);
  };

  /**
   * Waits until the last notification is written, then one turn of the event loop more, before
   * the result may go out. SDK clients hand a notification to its handler a microtask after
   * reading it, but a response at once — and the response removes the progress handler — so a
   * final update read in the same chunk as the result would be dropped. Letting the result
   * follow in a later write keeps it behind the update in nearly every case. Nothing waits when
   * nothing was sent.
   */
  async flush(): Promise<void> {
    if (this.#sent === 0) return;
    await this.#pending;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
