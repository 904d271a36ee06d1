import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';
import type { McpServerSession } from './session/server-session.js';
import type { ToolwrightMcpServer } from './toolwright-mcp-server.js';

/** Options of {@link serveStdio}. */
export interface StdioServeOptions {
  /** Default `process.stdin`. */
  stdin?: Readable;
  /** Default `process.stdout`. Nothing else may write to it: it carries the protocol. */
  stdout?: Writable;
}

// The streams are used as they are: any Readable and Writable fits.
const STDIO_OPTIONS: OptionTable<StdioServeOptions> = {
  stdin: { kind: 'custom' },
  stdout: { kind: 'custom' },
};

/**
 * Serves one client over stdio (what Claude Desktop and VS Code start). The session closes when
 * the client closes our stdin; the returned session's `close()` drains running calls first.
 */
export async function serveStdio(
  server: ToolwrightMcpServer,
  options: StdioServeOptions = {},
): Promise<McpServerSession> {
  checkOptions('serveStdio', options, STDIO_OPTIONS, invalidOption);
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const session = await server.connect(transport);
  // The SDK transport does not watch for the end of its input: a client that goes away must
  // still end the session (and let a CLI exit).
  const ended = (): void => void session.close();
  stdin.once('end', ended);
  void session.closed.then(() => stdin.off('end', ended));
  return session;
}
