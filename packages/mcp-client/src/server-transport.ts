import type { Transport } from '@modelcontextprotocol/client';
import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { rememberNamedSecrets } from './auth/secret-redaction.js';
import type { McpServerDefinition } from './server-definition.js';
import { SseFallbackTransport } from './sse-fallback-transport.js';
import { type McpStdioSupport, requireSupport } from './transport-support.js';

/** How a transport is made beyond what the server's definition says. */
export interface ServerTransportOptions {
  /** The largest message a stdio server may send, in bytes (the SDK's `maxBufferSize`). */
  readonly stdioMaxMessageBytes: number;
  /** How long a stdio server's processes have after its stdin closed, then after SIGTERM. */
  readonly shutdownGraceMs: number;
  /** Receives a stdio server's stderr (kept as a short tail for error messages). */
  onStderr(chunk: Uint8Array): void;
  /** Makes stdio transports (`@toolwright/mcp-client/stdio`); a stdio server fails without it. */
  readonly stdio: McpStdioSupport | undefined;
}

/**
 * A fresh transport for one (re)connect: the caller's own for a custom server, Streamable HTTP
 * with the configured headers (falling back to the legacy HTTP+SSE transport on a 4xx when the
 * config gave no type, see {@link SseFallbackTransport}), the legacy HTTP+SSE transport for
 * `"type": "sse"`, or a stdio child process made by the stdio support (whose stderr goes
 * to `onStderr`).
 */
export async function createServerTransport(
  definition: McpServerDefinition,
  options: ServerTransportOptions,
): Promise<Transport> {
  if (definition.transport === 'custom') return definition.createTransport();
  // What a server may echo back (an error body, its stderr) is redacted from every message.
  rememberNamedSecrets(definition.transport === 'stdio' ? definition.env : definition.headers);
  if (definition.transport === 'sse') return sseTransport(definition.url, definition.headers);
  if (definition.transport === 'streamable-http') {
    const streamableHttp = new StreamableHTTPClientTransport(definition.url, {
      requestInit: { headers: { ...definition.headers } },
    });
    if (!definition.sseFallback) return streamableHttp;
    return new SseFallbackTransport(streamableHttp, () => sseTransport(definition.url, definition.headers));
  }
  return requireSupport('stdio', definition.name, options.stdio).transport(definition, {
    maxMessageBytes: options.stdioMaxMessageBytes,
    shutdownGraceMs: options.shutdownGraceMs,
    onStderr: options.onStderr,
  });
}

/** The legacy HTTP+SSE transport; the SDK sends `requestInit`'s headers on the stream's GET and every POST. */
function sseTransport(url: URL, headers: Readonly<Record<string, string>>): Transport {
  return new SSEClientTransport(url, { requestInit: { headers: { ...headers } } });
}

/**
 * The child process id of a stdio transport while it runs, else `undefined`. Read by shape, not
 * class: a host's own stdio transport (from another copy of the SDK) exposes `pid` too.
 */
export function transportPid(transport: Transport | undefined): number | undefined {
  const pid = (transport as { readonly pid?: unknown } | undefined)?.pid;
  return typeof pid === 'number' ? pid : undefined;
}
