import type { Transport } from '@modelcontextprotocol/client';

/**
 * Keeps a transport's messages in the order they came off the wire for the SDK's client. The
 * SDK hands a notification to its handler a microtask after reading it, but a response at
 * once, and a response removes its request's progress handler: a server's last progress update,
 * read in the same chunk as the result, was dropped. Each response is delivered one microtask
 * later instead, behind every notification read before it. Installed once the client is
 * connected (the client sets `onmessage` in `connect`).
 */
export function keepWireOrder(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) return;
  transport.onmessage = (message, extra) => {
    if ('id' in message && !('method' in message)) queueMicrotask(() => deliver(message, extra));
    else deliver(message, extra);
  };
}
