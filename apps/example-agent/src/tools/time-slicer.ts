import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a tool loop may run before it lets timers and I/O in. */
export const DEFAULT_SLICE_MS = 10;

/**
 * Cuts a long synchronous loop (thousands of permission checks, glob tests) into slices. An
 * abort signal is only ever fired from a callback — the executor's timeout timer, a Ctrl-C
 * handler — and no callback runs while a loop holds the event loop, so checking
 * `signal.aborted` inside the loop alone would never see it change. Every slice therefore ends
 * with a turn of the event loop, after which the signal is checked.
 */
export interface TimeSlicer {
  /**
   * Call once per unit of work. Throws the signal's reason when it has been aborted; when the
   * current slice is used up, first lets one turn of the event loop run.
   */
  checkpoint(): Promise<void>;
}

/** A {@link TimeSlicer} for one call, stopping on `signal`. */
export function createTimeSlicer(signal: AbortSignal, sliceMs: number = DEFAULT_SLICE_MS): TimeSlicer {
  let sliceStart = performance.now();
  return {
    async checkpoint() {
      if (performance.now() - sliceStart >= sliceMs) {
        // `setImmediate` runs after the poll phase; the loop passes through its timers phase
        // before coming back, so an expired timeout fires here.
        await nextTurn();
        sliceStart = performance.now();
      }
      signal.throwIfAborted();
    },
  };
}
