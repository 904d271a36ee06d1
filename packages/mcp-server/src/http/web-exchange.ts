import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The web `Request` the SDK's HTTP handlers take, built from a `node:http` request whose body
 * this server has already read (and bounded) itself: the body travels as the parsed value
 * beside it, so the request carries the headers and a signal only. The signal aborts when the
 * client goes away, which is how the SDK learns that a stream's reader is gone.
 */
export function toWebRequest(request: IncomingMessage, response: ServerResponse, body: unknown): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const aborted = new AbortController();
  response.once('close', () => aborted.abort());
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  return new Request(url, {
    method: request.method ?? 'GET',
    headers,
    signal: aborted.signal,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * Writes a web `Response` to a `node:http` response: status, headers, then the body as it is
 * produced (an SSE stream is written event by event, never buffered). When the client goes away
 * first, the body stream is cancelled so its producer stops.
 */
export async function sendWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  if (answer.body === null) {
    response.end();
    return;
  }
  // An SSE event must reach the client when it is written, not when a buffer fills.
  response.flushHeaders();
  const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>);
  try {
    await pipeline(body, response);
  } catch {
    // The client went away mid-stream (or the producer failed): nothing more can be said to it.
    body.destroy();
  }
}

/**
 * The HTTP exchanges whose answers are still being written, so that a shutdown can let them
 * finish before it closes the sockets under them.
 */
export class OpenExchanges {
  readonly #open = new Set<Promise<void>>();

  /** Tracks `exchange` until it settles; returns it. */
  track(exchange: Promise<void>): Promise<void> {
    this.#open.add(exchange);
    const forget = (): void => void this.#open.delete(exchange);
    exchange.then(forget, forget);
    return exchange;
  }

  /** Resolves when every exchange open now has settled, or after `capMs`, whichever is first. */
  async settled(capMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, capMs);
    });
    await Promise.race([Promise.allSettled([...this.#open]), cap]);
    clearTimeout(timer);
  }
}
