import type { Transport } from '@modelcontextprotocol/client';
import type { OAuthServerConfig } from './auth/oauth-config.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { StdioServerConfig, StreamableHttpServerConfig } from './server-config.js';

/** What a stdio transport is made with beyond the server's definition. */
export interface StdioTransportIo {
  /** The largest message the server may send, in bytes (the SDK's `maxBufferSize`). */
  readonly maxMessageBytes: number;
  /** How long the server's processes have after its stdin closed, then after SIGTERM. */
  readonly shutdownGraceMs: number;
  /** Receives the server's stderr (kept as a short tail for error messages). */
  onStderr(chunk: Uint8Array): void;
}

/**
 * Stdio servers: child processes, and the end of the process trees they start. The root entry
 * of this package spawns nothing (it runs wherever `fetch` does); Node's side comes from
 * `@toolwright/mcp-client/stdio` (`stdioSupport`), given as the `stdio` option.
 */
export interface McpStdioSupport {
  /**
   * A fresh stdio transport for one (re)connect; its close ends every process it started. It may
   * be given as a promise (a support that loads the spawning code on first use).
   */
  transport(definition: StdioServerConfig, io: StdioTransportIo): Transport | Promise<Transport>;
  /**
   * Runs `close` (a transport's close, its stdin ended) and ends the process tree below `pid`,
   * read before the close starts: SIGTERM once `graceMs` passed, SIGKILL after another. For a
   * host's own transport that exposes its child's `pid`. Never rejects.
   */
  endProcessTree(pid: number, close: () => Promise<unknown>, graceMs: number): Promise<void>;
}

/**
 * OAuth for Streamable HTTP servers with an `oauth` config: token store, login through the
 * browser (a loopback receiver), refresh. Kept out of the root entry; made by `mcpOAuth(options)`
 * of `@toolwright/mcp-client/oauth`, given as the `oauth` option.
 */
export interface McpOAuthSupport {
  /** The transport of a server with an `oauth` config, authorized as that config says. */
  transport(definition: StreamableHttpServerConfig, oauth: OAuthServerConfig): Promise<Transport>;
}

/** What a server needs that the root entry leaves out: the words and the option that gives it. */
const SUPPORT = {
  stdio: {
    need: 'is a stdio server',
    name: 'stdio',
    pass: 'stdio: stdioSupport, exported by @toolwright/mcp-client/stdio (Node only)',
  },
  oauth: {
    need: 'has an oauth config',
    name: 'OAuth',
    pass: 'oauth: mcpOAuth(options), exported by @toolwright/mcp-client/oauth',
  },
} as const;

/** The support `server` needs (`kind`), or a `connect_failed` naming the option that gives it. */
export function requireSupport<T>(kind: keyof typeof SUPPORT, server: string, support: T | undefined): T {
  if (support !== undefined) return support;
  const { need, name, pass } = SUPPORT[kind];
  throw new McpClientError(
    McpClientErrorCode.ConnectFailed,
    `MCP server "${server}" ${need}, and this client was given no ${name} support: pass the option ${pass}.`,
    { server },
  );
}
