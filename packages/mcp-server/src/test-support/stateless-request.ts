/** What a stateless (2026-07-28) JSON-RPC exchange returned. */
export interface StatelessAnswer {
  readonly status: number;
  /** The JSON-RPC response: its `result` or its `error`. */
  readonly message: {
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
  /** The notifications that came before it on the response stream. */
  readonly notifications: readonly Record<string, unknown>[];
}

let nextId = 1;

/**
 * Sends one 2026-07-28 request as a client without an SDK would: the per-request `_meta`
 * envelope and the `Mcp-Method`/`Mcp-Name` headers, no session. An event-stream answer is read
 * to the response of this request.
 */
export async function statelessRequest(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: {
    capabilities?: Record<string, unknown>;
    headers?: Record<string, string>;
    logLevel?: string;
  } = {},
): Promise<StatelessAnswer> {
  const id = nextId++;
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {},
    'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '1' },
    ...(options.logLevel === undefined ? {} : { 'io.modelcontextprotocol/logLevel': options.logLevel }),
  };
  const name =
    typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
      ...options.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } }),
  });
  const text = await response.text();
  const messages = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>)
    : [JSON.parse(text) as Record<string, unknown>];
  const message = messages.find((candidate) => candidate.id === id || candidate.id === null);
  if (message === undefined) throw new Error(`No response to request ${id} in: ${text}`);
  const notifications = messages.filter((candidate) => candidate.id === undefined);
  return { status: response.status, message: message as StatelessAnswer['message'], notifications };
}
