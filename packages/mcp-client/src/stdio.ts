// `@toolwright/mcp-client/stdio`: stdio servers on Node, kept out of the root entry (which
// spawns nothing), as the SDK keeps its stdio transport behind `@modelcontextprotocol/client/stdio`.
import { descendantsIn, processTable } from './process-tree.js';
import { endProcessTree } from './process-tree-end.js';
import { processTreeStdioTransport } from './stdio-tree-transport.js';
import type { McpStdioSupport } from './transport-support.js';

// The config types its support names, for a reader of this entry alone (the same as the root's).
export type { McpServerConfigCommon, StdioServerConfig } from './server-config.js';
export type { McpStdioSupport, StdioTransportIo } from './transport-support.js';

/**
 * Stdio servers as Node runs them: a child process with piped stderr (a server's noise never
 * reaches the host's terminal) whose whole process tree ends with the transport, the era
 * probe's short-lived copy included. Give it as `McpConnectionManager`'s `stdio` option.
 */
export const stdioSupport: McpStdioSupport = Object.freeze({
  transport(definition, io) {
    const transport = processTreeStdioTransport(
      {
        command: definition.command,
        args: [...definition.args],
        env: { ...definition.env },
        ...(definition.cwd === undefined ? {} : { cwd: definition.cwd }),
        stderr: 'pipe',
        maxBufferSize: io.maxMessageBytes,
      },
      io.shutdownGraceMs,
    );
    transport.stderr?.on('data', (chunk: Buffer) => io.onStderr(chunk));
    return transport;
  },
  async endProcessTree(pid, close, graceMs) {
    // Read before the close: once the child is gone, what it started belongs to init.
    const descendants = descendantsIn(await processTable(), pid);
    await endProcessTree(pid, descendants, close(), graceMs);
  },
} satisfies McpStdioSupport);
