import { getEventListeners } from 'node:events';

/**
 * Whether `signal` may go to the SDK as it is. The SDK adds an `abort` listener to the signal
 * of every request and never removes it: harmless for a signal made for one call, a leak (and
 * a MaxListenersExceededWarning after ten calls) for a signal shared by many, such as one per
 * agent turn or session. A signal nobody listens to yet goes to the SDK directly (the common
 * case: no child, no listener of ours); one that already has listeners — the SDK's from an
 * earlier request, or the host's own — goes through a child made for that request alone (see
 * {@link childRequestSignal}). So a shared signal keeps at most the listener of its first
 * request. The SDK adds its listener synchronously, so a concurrent second request already sees it.
 *
 * Asking the signal itself is exact and costs no bookkeeping: a WeakSet of signals seen, the
 * earlier way, cost about 0.6 µs more per call (an ephemeron entry per short-lived signal).
 */
export function isUnheard(signal: AbortSignal): boolean {
  return getEventListeners(signal, 'abort').length === 0;
}

/** A signal for one request, following a shared parent until `release` is called. */
export interface ChildRequestSignal {
  readonly signal: AbortSignal;
  /** Unlinks the child from its parent; call it once the request settled. */
  release(): void;
}

/** A child of a shared `parent` for one request: the SDK's listener goes on the child, ours is removed after. */
export function childRequestSignal(parent: AbortSignal): ChildRequestSignal {
  const child = new AbortController();
  const forward = () => child.abort(parent.reason);
  if (parent.aborted) child.abort(parent.reason);
  else parent.addEventListener('abort', forward, { once: true });
  return { signal: child.signal, release: () => parent.removeEventListener('abort', forward) };
}

/** What a request sends with: the server's timeout and, when there is one, a signal for it. */
export type RequestOptions = { timeout: number; signal?: AbortSignal };

/**
 * Sends one request through `send` with `timeout` and the caller's `signal` — as it is when
 * nobody listens to it yet, else through a child released once the request settled — and turns
 * any failure (a rejection, or a throw before `send` returned a promise) into `fail(error)`.
 * Promise chaining rather than async/await: a tool call is a hot path and every awaited layer
 * costs; the common cases allocate no child signal and add no listener of ours.
 */
export function sendRequest<Client, T>(
  client: Client,
  send: (client: Client, options: RequestOptions) => Promise<T>,
  timeout: number,
  signal: AbortSignal | undefined,
  fail: (error: unknown) => Error,
): Promise<T> {
  if (signal === undefined) return settle(client, send, { timeout }, fail);
  if (isUnheard(signal)) return settle(client, send, { timeout, signal }, fail);
  const child = childRequestSignal(signal);
  return settle(client, send, { timeout, signal: child.signal }, fail).then(
    (value) => {
      child.release();
      return value;
    },
    (error: unknown) => {
      child.release();
      throw error;
    },
  );
}

function settle<Client, T>(
  client: Client,
  send: (client: Client, options: RequestOptions) => Promise<T>,
  options: RequestOptions,
  fail: (error: unknown) => Error,
): Promise<T> {
  let pending: Promise<T>;
  try {
    pending = send(client, options);
  } catch (error) {
    return Promise.reject(fail(error));
  }
  return pending.then(undefined, (error: unknown) => {
    throw fail(error);
  });
}
