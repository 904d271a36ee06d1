import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The largest answer read from an OAuth endpoint: metadata, registrations and tokens are small. */
export const MAX_OAUTH_RESPONSE_BYTES = 1024 * 1024;

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** A `lookup` for node:http that answers only `addresses`, so the socket connects to them and nothing else. */
function lookupOf(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all === true) {
      (callback as (error: null, entries: Array<{ address: string; family: number }>) => void)(null, entries);
      return;
    }
    const [first] = entries;
    (callback as (error: null, address: string, family: number) => void)(null, first!.address, first!.family);
  };
}

function decoded(response: IncomingMessage): NodeJS.ReadableStream {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  return response;
}

/**
 * `fetch` for one OAuth request whose host was resolved and checked already: the connection
 * goes to `addresses` (no second DNS lookup that could answer differently), TLS still checks
 * the certificate against the URL's host name. Redirects are returned, not followed; the answer
 * is read whole, at most {@link MAX_OAUTH_RESPONSE_BYTES}.
 */
export async function pinnedFetch(
  url: URL,
  init: RequestInit,
  addresses: readonly string[],
): Promise<Response> {
  // The Request does what fetch would: a body of URLSearchParams or a string gets its bytes and
  // content type.
  const prepared = new Request(url, {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    ...(init.body === undefined || init.body === null ? {} : { body: init.body }),
  });
  const body = prepared.body === null ? undefined : Buffer.from(await prepared.arrayBuffer());
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  for (const [name, value] of prepared.headers) headers[name] = value;
  if (body !== undefined) headers['content-length'] = String(body.length);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, {
      method: prepared.method,
      headers,
      lookup: lookupOf(addresses),
      // A socket of its own: a pooled one to the same host and port may have been connected by
      // other code, to an address nobody checked.
      agent: false,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const stream = decoded(incoming);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_OAUTH_RESPONSE_BYTES) {
          outgoing.destroy();
          reject(new Error(`the answer of ${url.origin} is larger than ${MAX_OAUTH_RESPONSE_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => {
        const status = incoming.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
          responseHeaders.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
        }
        // The body is decoded already: the length and encoding describe the bytes on the wire.
        responseHeaders.delete('content-encoding');
        responseHeaders.delete('content-length');
        const response = new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: responseHeaders,
        });
        Object.defineProperty(response, 'url', { value: url.href });
        resolve(response);
      });
    });
    outgoing.end(body);
  });
}
