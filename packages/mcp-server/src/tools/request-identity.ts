import { IDEMPOTENCY_KEY_META, idempotencyKey } from '@toolwright/utils';

/**
 * The idempotency key a `tools/call` runs under: the one the client sent in `_meta` under
 * `io.toolwright/idempotencyKey` (a toolwright agent sends its model's call's key, so the tool
 * here sees the key the agent's executor made), else one derived from the MCP session, the
 * request id and the arguments. The session is part of it because request ids are only unique
 * within a session: two clients' first calls both have id 0.
 */
export function requestIdempotencyKey(
  meta: Record<string, unknown> | undefined,
  sessionId: string,
  requestId: string,
  args: unknown,
): string {
  const sent = meta?.[IDEMPOTENCY_KEY_META];
  if (typeof sent === 'string' && sent.length > 0 && sent.length <= 256) return sent;
  return idempotencyKey(`${sessionId}/${requestId}`, args ?? {});
}
