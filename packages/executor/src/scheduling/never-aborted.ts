/** The signal of a turn the caller cannot abort: one shared instance, since creating a signal costs microseconds. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;
