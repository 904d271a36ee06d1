import type { Client, Transport } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { transportPid } from './server-transport.js';
import type { McpStdioSupport } from './transport-support.js';

/**
 * Ends a connection and what it started. An HTTP session is ended explicitly (`DELETE`), so the
 * server can free it at once. As the MCP spec asks, a stdio server's stdin is closed first; one
 * still running after `graceMs` gets SIGTERM (and the SDK follows with SIGKILL if that is
 * ignored too). What the child started itself (the server that `npx` or a shell script runs) is
 * ended too: SIGTERM along with the child's, or once the child's own close is done, then
 * SIGKILL for what is left after another `graceMs`. The SDK spawns the child in our process group, so there is no group to signal;
 * the descendants are read before the close, while the child is still their ancestor (after,
 * they belong to init). Never rejects.
 */
export async function shutDownTransport(
  client: Client | undefined,
  transport: Transport | undefined,
  graceMs: number,
  stdio: McpStdioSupport | undefined,
): Promise<void> {
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
    await transport.terminateSession().catch(() => undefined);
  }
  const close = () => Promise.all([client?.close(), transport?.close()]);
  const pid = transportPid(transport);
  // Without stdio support nothing here started a process (a custom transport's child is the
  // host's to end); with it, a transport's child and what it started end as one tree.
  if (pid === undefined || stdio === undefined) await close().catch(() => undefined);
  else await stdio.endProcessTree(pid, close, graceMs);
}
