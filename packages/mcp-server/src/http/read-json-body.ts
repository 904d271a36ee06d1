import type { IncomingMessage } from 'node:http';

/** The outcome of reading a request body as JSON. */
export type BodyOutcome =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly message: string };

/**
 * Reads the body (at most `maxBytes`, counted as it arrives, so an endless body is cut off
 * rather than buffered) and parses it as JSON.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<BodyOutcome> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    length += buffer.length;
    if (length > maxBytes) {
      request.resume();
      return { ok: false, status: 413, message: `The request body exceeds ${maxBytes} bytes.` };
    }
    chunks.push(buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the request body is not valid JSON.' };
  }
}

/** True when a JSON-RPC body (one message or a batch) holds a request (a `method` with an `id`). */
export function holdsRequest(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) => typeof message === 'object' && message !== null && 'method' in message && 'id' in message,
  );
}

/** True when the body is an `initialize` request. */
export function isInitialize(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  // A JSON primitive has no `method`; only `null` (and `undefined`) would throw on the read.
  return messages.some((message) => (message as { method?: unknown } | null)?.method === 'initialize');
}
