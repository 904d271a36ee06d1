/**
 * Error codes worth retrying: the resource is momentarily busy or the process ran out of file
 * descriptors. Everything else (ENOENT, EACCES, a validation error, a tool's own failure) would
 * fail again the same way.
 */
export const TRANSIENT_ERROR_CODES: ReadonlySet<string> = new Set(['EBUSY', 'EAGAIN', 'EMFILE', 'ENFILE']);

/** How a retry-safe call is retried. */
export interface RetryPolicy {
  /** Total attempts including the first (default 3). */
  maxAttempts: number;
  /**
   * Delay before the first retry, doubled each time (default 50 ms); the name mcp-adapter's
   * reconnect policy gives the same idea.
   */
  initialDelayMs: number;
  /** Cap on one delay (default 1000 ms). */
  maxDelayMs: number;
  /** @deprecated use `initialDelayMs` (the same value); removed in the next minor. */
  baseDelayMs?: number;
}

/**
 * The defaults of {@link RetryPolicy}. `baseDelayMs` repeats `initialDelayMs` until the next
 * minor, for a host that reads the default under its former name.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  initialDelayMs: 50,
  maxDelayMs: 1000,
  baseDelayMs: 50,
};

/** The Node error code of a thrown value, when it has one. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `error` is one of the {@link TRANSIENT_ERROR_CODES}. */
export function isTransientError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && TRANSIENT_ERROR_CODES.has(code);
}

/** Exponential backoff: initial, 2×initial, 4×initial… capped at `maxDelayMs`. */
export function backoffDelay(policy: RetryPolicy, retryNumber: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (retryNumber - 1));
}

/** Sleeps `ms`, rejecting with the signal's reason as soon as it aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
