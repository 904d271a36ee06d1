import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/**
 * The `_meta` key under which an MCP request carries a call's idempotency key. Namespaced (a
 * reverse-DNS prefix, as the MCP specification asks of `_meta` keys that are not its own), so a
 * server that does not know it ignores it.
 */
export const IDEMPOTENCY_KEY_META = 'io.toolwright/idempotencyKey';

/**
 * The idempotency key of one tool call: the SHA-256 (hex) of the model's call id and the call's
 * arguments in canonical JSON. A retry of the same call (same id, same arguments, in any key
 * order) gets the same key, so a tool or a server can recognise a repeat of a side effect; a
 * new call of the model (a new id) gets a new key even with equal arguments.
 */
export function idempotencyKey(toolCallId: string, args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([toolCallId, args ?? null]))
    .digest('hex');
}
