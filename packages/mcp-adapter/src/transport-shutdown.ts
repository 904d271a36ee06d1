import type { Client, Transport } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { transportPid } from './server-transport.js';

/**
 * Ends a connection and what it started. An HTTP session is ended explicitly (`DELETE`), so the
 * server can free it at once. As the MCP spec asks, a stdio server's stdin is closed first; one
 * still running after `graceMs` gets SIGTERM (and the SDK follows with SIGKILL if that is
 * ignored too). Never rejects.
 */
export async function shutDownTransport(
  client: Client | undefined,
  transport: Transport | undefined,
  graceMs: number,
): Promise<void> {
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
    await transport.terminateSession().catch(() => undefined);
  }
  const pid = transportPid(transport);
  const closing = Promise.all([client?.close(), transport?.close()]).catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'grace'>((resolve) => {
    timer = setTimeout(() => resolve('grace'), graceMs);
  });
  if ((await Promise.race([closing, grace])) === 'grace' && pid !== undefined) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  clearTimeout(timer);
  await closing;
}
