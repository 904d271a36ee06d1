import type { ProgressUpdate } from '@toolwright/contracts';

/** The `notifications/progress` params this server sends. */
export interface ProgressNotice {
  readonly progressToken: string | number;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/**
 * A tool's `onProgress` that sends `notifications/progress` for the client's progress token.
 * The spec requires `progress` to increase with every notification, so an update without a
 * number counts one up from the last one sent, and an update whose number does not increase is
 * dropped rather than sent out of order. A failed send never fails the tool.
 */
export function createProgressReporter(
  progressToken: string | number,
  send: (notice: ProgressNotice) => Promise<void>,
  onSendError: (error: unknown) => void,
): (update: ProgressUpdate) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (update) => {
    const progress = update.progress ?? (Number.isFinite(last) ? last + 1 : 0);
    if (!(progress > last)) return;
    last = progress;
    const notice: ProgressNotice = {
      progressToken,
      progress,
      ...(update.total === undefined ? {} : { total: update.total }),
      ...(update.message === '' ? {} : { message: update.message }),
    };
    send(notice).catch(onSendError);
  };
}
