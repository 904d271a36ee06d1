import type { ToolMode } from '@toolwright/registry';

/**
 * The session's permission mode. Plan mode exposes and allows only ReadOnly tools; the
 * EnterPlanMode / ExitPlanMode tools flip it (ExitPlanMode only once the user approved it), and
 * the agent loop reads it before every request so the next declarations match.
 */
export class SessionMode {
  #mode: ToolMode;
  readonly #listeners = new Set<(mode: ToolMode) => void>();

  constructor(initial: ToolMode = 'default') {
    this.#mode = initial;
  }

  /** The current mode. */
  get current(): ToolMode {
    return this.#mode;
  }

  /** Switches the mode and tells listeners (the transcript) when it actually changed. */
  set(mode: ToolMode): void {
    if (mode === this.#mode) return;
    this.#mode = mode;
    for (const listener of this.#listeners) listener(mode);
  }

  /** Subscribes to mode changes; returns the unsubscribe function. */
  onChange(listener: (mode: ToolMode) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
