import type { ExecutionContext } from '@toolwright/contracts';
import { IDEMPOTENCY_KEY_META, idempotencyKey } from '@toolwright/utils';

/**
 * The `_meta` a `tools/call` carries for the call's identity: its idempotency key under
 * `io.toolwright/idempotencyKey`, so that a server can recognise a retried call. The executor
 * sets the key; a host that runs the tool itself with only a `toolCallId` gets one derived the
 * same way; a call with neither carries nothing.
 */
export function callMeta(
  context: ExecutionContext,
  params: Record<string, unknown>,
): Record<string, string> | undefined {
  const key =
    typeof context.idempotencyKey === 'string'
      ? context.idempotencyKey
      : typeof context.toolCallId === 'string'
        ? idempotencyKey(context.toolCallId, params)
        : undefined;
  return key === undefined ? undefined : { [IDEMPOTENCY_KEY_META]: key };
}
