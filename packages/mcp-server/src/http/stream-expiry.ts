import type { ServerResponse } from 'node:http';
import { MAX_TIMER_MS } from '@toolwright/utils';

/**
 * Ends an event stream (a GET) when the bearer token that opened it expires. The token was
 * checked once, when the stream opened; a stream that outlived it would go on delivering the
 * session's messages to a client whose grant has ended. The client opens a new stream with a
 * renewed token. `expiresAt` is in seconds since the epoch, as the grant gives it.
 */
export function endStreamAtExpiry(
  response: ServerResponse,
  expiresAt: number,
  now: () => number = Date.now,
): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const left = expiresAt * 1000 - now();
    if (left <= 0) {
      response.end();
      return;
    }
    // A timer holds at most MAX_TIMER_MS (about 24.8 days); a later expiry is reached in steps.
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  response.once('close', () => clearTimeout(timer));
  arm();
}
