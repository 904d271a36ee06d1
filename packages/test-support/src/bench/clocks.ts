// The clocks a bench can time on, both in nanoseconds so that every figure has one unit.

/** Nanoseconds since an arbitrary origin. */
export type Clock = () => number;

// Counted from this module's load rather than from boot, so the number stays exact in a double.
const origin = process.hrtime.bigint();

/** Elapsed time: for work that waits (the disk, another process, a timer). */
export const wallNanos: Clock = () => Number(process.hrtime.bigint() - origin);

/**
 * This process's user + system CPU time (microsecond resolution): for in-process work on a loaded
 * host, where wall time mostly measures how often the scheduler ran someone else.
 */
export const cpuNanos: Clock = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1000;
};
