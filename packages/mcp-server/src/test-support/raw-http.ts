import { request } from 'node:http';

/** What a raw HTTP exchange returned. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** The JSON-RPC `initialize` request a client opens a session with. */
export const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/**
 * Sends one request with exactly the headers given (fetch would not let a test set `Host`),
 * and reads the whole answer — or, for an event stream, until `maxBytes` or `stopWhen`.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    maxBytes?: number;
    /** Stop reading (an open event stream) once the body matches. */
    stopWhen?: RegExp;
    /** The loopback address to send from (`127.0.0.2`), to be another client. */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'POST',
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (options.maxBytes !== undefined && body.length >= options.maxBytes) response.destroy();
          if (options.stopWhen?.test(body) === true) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        response.on('end', done);
        response.on('close', done);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
