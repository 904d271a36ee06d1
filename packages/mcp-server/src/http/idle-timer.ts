/**
 * Closes a session nobody uses. A session is in use while one of its HTTP requests is open — a
 * POST waiting for its result, a GET stream the client listens on — or a tool call of it runs
 * (a client polling a long call may be away between polls); after `timeoutMs` with neither,
 * `onIdle` runs once. Without this, a client that vanishes without `DELETE` keeps its session,
 * its event store and its artifact grants until the server stops.
 */
export class IdleTimer {
  readonly #timeoutMs: number;
  readonly #callsRunning: () => boolean;
  readonly #onIdle: () => void;
  #openRequests = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(timeoutMs: number, callsRunning: () => boolean, onIdle: () => void) {
    this.#timeoutMs = timeoutMs;
    this.#callsRunning = callsRunning;
    this.#onIdle = onIdle;
  }

  /** Marks a request open; the function returned marks it finished (once). */
  requestOpened(): () => void {
    this.#openRequests += 1;
    this.#clear();
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      this.#openRequests -= 1;
      if (this.#openRequests === 0) this.#arm();
    };
  }

  /** Never fires again: the session closed. */
  stop(): void {
    this.#stopped = true;
    this.#clear();
  }

  #arm(): void {
    this.#clear();
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.#fire(), this.#timeoutMs);
    // An idle session must not keep the process alive.
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    if (this.#stopped || this.#openRequests > 0) return;
    // A call still running: the session is in use; look again a full period later.
    if (this.#callsRunning()) {
      this.#arm();
      return;
    }
    this.#stopped = true;
    this.#onIdle();
  }

  #clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
