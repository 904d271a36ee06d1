import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

/**
 * The timeout the SDK gets with each request: the longest a Node timer allows, so that its own
 * timer never fires first. The adapter's {@link RequestDeadline} ends requests instead, because
 * the SDK's timer cannot be paused while the user answers a server's question.
 */
export const SDK_TIMEOUT_NEVER = 2_147_483_647;

/**
 * When one request gives up: after `timeoutMs` without an answer, that timer starting again on
 * progress ({@link RequestDeadline.extend}) and after the host's handlers answered a question
 * of the server ({@link RequestDeadline.resume}); never later than `maxTotalMs` after it was
 * sent, paused or not. Giving up aborts {@link RequestDeadline.signal} with the SDK's own
 * timeout errors, so a timeout and the total cap read as they do from the SDK (see
 * `mapRequestError`): `timeout` in their data for the first, `maxTotalTimeout` for the cap.
 */
export class RequestDeadline {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  /** Never shorter than the request timeout: a request gets at least its own time. */
  readonly #maxTotalMs: number;
  readonly #startedAt = Date.now();
  #timer: NodeJS.Timeout | undefined;
  #paused = false;

  constructor(timeoutMs: number, maxTotalMs: number, paused: boolean) {
    this.#timeoutMs = timeoutMs;
    this.#maxTotalMs = Math.max(timeoutMs, maxTotalMs);
    if (paused) this.pause();
    else this.#arm();
  }

  /** Aborted when the request gives up, or when the caller's signal fired (see {@link abort}). */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The server showed it is alive (progress): the request timeout starts again, the total cap stays. */
  extend(): void {
    if (!this.#paused) this.#arm();
  }

  /** The user is being asked: only the total cap runs until {@link resume}. */
  pause(): void {
    this.#paused = true;
    this.#set(this.#startedAt + this.#maxTotalMs - Date.now(), true);
  }

  /** The answer went to the server: the whole request timeout starts again. */
  resume(): void {
    this.#paused = false;
    this.#arm();
  }

  /** Ends the request for the caller (its signal fired), with the caller's reason. */
  abort(reason: unknown): void {
    this.stop();
    this.#controller.abort(reason);
  }

  /** The request settled: no timer left behind. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(): void {
    const capLeft = this.#startedAt + this.#maxTotalMs - Date.now();
    if (capLeft < this.#timeoutMs) this.#set(capLeft, true);
    else this.#set(this.#timeoutMs, false);
  }

  #set(delay: number, cap: boolean): void {
    if (this.#controller.signal.aborted) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#expire(cap), Math.max(0, delay));
  }

  #expire(cap: boolean): void {
    this.#timer = undefined;
    this.#controller.abort(
      cap
        ? new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
            maxTotalTimeout: this.#maxTotalMs,
            totalElapsed: Date.now() - this.#startedAt,
          })
        : new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: this.#timeoutMs }),
    );
  }
}
