import type { RequestDeadline } from './request-deadline.js';

/**
 * One connection's questions to the user: while any of the host's handlers answers a request of
 * the server (an elicitation, a sampling request — over the wire in the 2025 era, embedded in an
 * `input_required` result in the 2026-07-28 era), the deadlines of that connection's requests
 * are paused, and each starts its request timeout again once the last answer is sent. The
 * server cannot answer the call that asked before the user did, and a user may well take longer
 * than a server's request timeout; the total cap keeps running (see {@link RequestDeadline}).
 * Requests are not tied to the question: over stdio nothing says which call asked.
 */
export class HostAnswers {
  #answering = 0;
  readonly #deadlines = new Set<RequestDeadline>();

  /** Whether a handler is answering now: a request sent meanwhile starts paused. */
  get answering(): boolean {
    return this.#answering > 0;
  }

  /** A request's deadline, paused and resumed with the others until {@link forget}. */
  watch(deadline: RequestDeadline): void {
    this.#deadlines.add(deadline);
  }

  forget(deadline: RequestDeadline): void {
    this.#deadlines.delete(deadline);
  }

  /** Runs one of the host's handlers with this connection's deadlines paused. */
  async answer<T>(handler: () => T | Promise<T>): Promise<T> {
    if (this.#answering++ === 0) for (const deadline of this.#deadlines) deadline.pause();
    try {
      return await handler();
    } finally {
      if (--this.#answering === 0) for (const deadline of this.#deadlines) deadline.resume();
    }
  }
}
