/**
 * The names the executor's telemetry uses besides the attribute and metric names of
 * `@toolwright/utils/telemetry`: its instrumentation scope, the child spans of a call's
 * `execute_tool {name}` span and the events on it. The semantic conventions name none of these.
 */

/** The tracer's and the meter's name: the instrumentation scope of every span and metric here. */
export const INSTRUMENTATION_SCOPE = '@toolwright/executor';

/** Child spans of `execute_tool {name}`: a wait that took time. */
export const ExecutorSpanName = {
  /** The call waited for another call holding one of its paths (made only when it did wait). */
  pathLockWait: 'toolwright.path_lock.wait',
  /** The call waited for the host's approval handler to settle an `ask`. */
  approvalWait: 'toolwright.approval.wait',
} as const;

/** Events on `execute_tool {name}`: instants that took no time of their own. */
export const ExecutorEventName = {
  /** The arguments were validated (with the coercions made) or refused (with the issues). */
  validation: 'toolwright.validation',
  /** The permission policy decided (its rule and outcome). */
  permission: 'toolwright.permission',
  /** An attempt failed transiently and the call runs again after a delay. */
  retry: 'toolwright.retry',
  /** Output was stored as an artifact (large text spilled, an image stored). */
  artifactStored: 'toolwright.artifact.stored',
} as const;
