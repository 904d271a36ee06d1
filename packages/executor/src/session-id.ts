import { isSessionId, SESSION_ID_RULE } from '@toolwright/utils';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

// The one pattern lives in utils, shared with the artifact store; executor's hosts import it from here.
export { SESSION_ID_PATTERN } from '@toolwright/utils';

/** Throws `invalid_session_id`, saying what is accepted, unless `id` matches {@link SESSION_ID_PATTERN}. */
export function assertSessionId(id: unknown): asserts id is string {
  if (isSessionId(id)) return;
  const shown =
    typeof id === 'string' ? JSON.stringify(id.length > 60 ? `${id.slice(0, 60)}…` : id) : String(id);
  throw new ExecutorError(
    ExecutorErrorCode.InvalidSessionId,
    `Invalid session id ${shown}: a session id is ${SESSION_ID_RULE}.`,
  );
}
