import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerDefinition } from './server-definition.js';

/** How a transport is made beyond what the server's definition says. */
export interface ServerTransportOptions {
  /** The largest message a stdio server may send, in bytes (the SDK's `maxBufferSize`). */
  readonly stdioMaxMessageBytes: number;
  /** Receives a stdio server's stderr (kept as a short tail for error messages). */
  onStderr(chunk: Buffer): void;
}

/**
 * A fresh transport for one (re)connect: the caller's own for a custom server, Streamable HTTP
 * with the configured headers, or a stdio child process whose stderr is piped to `onStderr`
 * (not inherited: a server's noise must not reach the host's terminal).
 */
export async function createServerTransport(
  definition: McpServerDefinition,
  options: ServerTransportOptions,
): Promise<Transport> {
  if (definition.transport === 'custom') return definition.createTransport();
  if (definition.transport === 'streamable-http') {
    return new StreamableHTTPClientTransport(definition.url, {
      requestInit: { headers: { ...definition.headers } },
    });
  }
  const transport = new StdioClientTransport({
    command: definition.command,
    args: [...definition.args],
    env: { ...definition.env },
    ...(definition.cwd === undefined ? {} : { cwd: definition.cwd }),
    stderr: 'pipe',
    maxBufferSize: options.stdioMaxMessageBytes,
  });
  transport.stderr?.on('data', options.onStderr);
  return transport;
}

/** The child process id of a stdio transport while it runs, else `undefined`. */
export function transportPid(transport: Transport | undefined): number | undefined {
  return transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
}
