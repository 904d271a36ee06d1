import type { HostAnswers } from './host-answers.js';
import { RequestDeadline, SDK_TIMEOUT_NEVER } from './request-deadline.js';

/** What a request sends with: a timeout the SDK never reaches, and the signal that ends the request. */
export type RequestOptions = { timeout: number; signal?: AbortSignal };

/** Sends one request; `deadline` is there for progress, which starts the request timeout again. */
export type RequestSender<Client, T> = (
  client: Client,
  options: RequestOptions,
  deadline: RequestDeadline,
) => Promise<T>;

/** How long one request may take, and whose questions to the user pause it. */
export interface RequestTiming {
  readonly timeoutMs: number;
  readonly maxTotalMs: number;
  readonly answers: HostAnswers;
}

/**
 * Sends one request through `send` under a {@link RequestDeadline} of its own, which the
 * caller's `signal` aborts too, and turns any failure (a rejection, or a throw before `send`
 * returned a promise) into `fail(error)`. The SDK's listener goes on the deadline's signal, made
 * for this request alone; the listener on the caller's signal is removed once the request
 * settled, so a signal shared by many requests (one per agent turn or session) collects none.
 * Promise chaining rather than async/await: a tool call is a hot path and every awaited layer costs.
 */
export function sendRequest<Client, T>(
  client: Client,
  send: RequestSender<Client, T>,
  timing: RequestTiming,
  signal: AbortSignal | undefined,
  fail: (error: unknown) => Error,
): Promise<T> {
  const answers = timing.answers;
  const deadline = new RequestDeadline(timing.timeoutMs, timing.maxTotalMs, answers.answering);
  answers.watch(deadline);
  let forward: (() => void) | undefined;
  if (signal?.aborted) deadline.abort(signal.reason);
  else if (signal !== undefined) {
    forward = () => deadline.abort(signal.reason);
    signal.addEventListener('abort', forward, { once: true });
  }
  const settled = () => {
    deadline.stop();
    answers.forget(deadline);
    if (forward !== undefined) signal?.removeEventListener('abort', forward);
  };
  let pending: Promise<T>;
  try {
    pending = send(client, { timeout: SDK_TIMEOUT_NEVER, signal: deadline.signal }, deadline);
  } catch (error) {
    settled();
    return Promise.reject(fail(error));
  }
  return pending.then(
    (value) => {
      settled();
      return value;
    },
    (error: unknown) => {
      settled();
      throw fail(error);
    },
  );
}
