import type { ExecutorError } from '../executor-error.js';

/** A turn's own signal, which the host's signal aborts and a post-tool hook can abort too. */
export interface StoppableTurn {
  readonly signal: AbortSignal;
  /** Aborts every call of the turn not yet finished, with `reason` (a `turn_stopped` error). */
  readonly stop: (reason: ExecutorError) => void;
  /** Stops listening to the host's signal (call when the turn is over). */
  release(): void;
}

/** A turn a post-tool hook may stop, following `outer` (the host's signal) when given. */
export function stoppableTurn(outer: AbortSignal | undefined): StoppableTurn {
  const controller = new AbortController();
  const forward = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    stop: (reason) => {
      if (!controller.signal.aborted) controller.abort(reason);
    },
    release: () => outer?.removeEventListener('abort', forward),
  };
}
