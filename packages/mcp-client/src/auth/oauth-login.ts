import { McpConnectionManager } from '../connection-manager.js';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import type { McpServerDefinition } from '../server-definition.js';
import { oauthConfigOf } from './oauth-connection.js';
import { type McpOAuthOptions, resolveOAuthRuntime } from './oauth-runtime.js';
import { OAuthStore } from './oauth-store.js';
import { oauthSupportOf } from './oauth-support.js';

/** Options of {@link loginMcpServer}. */
export interface McpLoginOptions {
  /** The store and the host callback; `onAuthorizationUrl` is required (a login is interactive). */
  readonly oauth: McpOAuthOptions;
  readonly clientInfo?: { name: string; version: string };
}

function oauthServer(owner: string, definition: McpServerDefinition) {
  const oauth = oauthConfigOf(definition);
  if (oauth === undefined || definition.transport !== 'streamable-http') {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner}: MCP server "${definition.name}" has no "oauth" config; only an HTTP server with one can log in or out`,
      { server: definition.name },
    );
  }
  return { oauth, url: definition.url };
}

/**
 * Logs in to one OAuth server: forgets its tokens, connects interactively (the authorization
 * URL goes to `onAuthorizationUrl`, the redirect comes back to 127.0.0.1) and lists its tools,
 * so that a server that lets `initialize` through unauthenticated still asks for a token. The
 * tokens stay in the store for later runs. Rejects with the reason when the login fails.
 */
export async function loginMcpServer(
  definition: McpServerDefinition,
  options: McpLoginOptions,
): Promise<void> {
  const runtime = resolveOAuthRuntime('loginMcpServer.oauth', options.oauth);
  if (runtime.onAuthorizationUrl === undefined) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      'loginMcpServer: oauth.onAuthorizationUrl is required; it shows the user the authorization URL',
    );
  }
  const { url } = oauthServer('loginMcpServer', definition);
  new OAuthStore(runtime.storeDirectory, definition.name, url).clear('tokens');
  const manager = new McpConnectionManager([definition], {
    oauth: oauthSupportOf(runtime),
    reconnect: { maxAttempts: 0 },
    // The user needs time in the browser: the handshake waits as long as the login may take.
    connectTimeoutMs: runtime.authorizationTimeoutMs + 30_000,
    ...(options.clientInfo === undefined ? {} : { clientInfo: options.clientInfo }),
  });
  try {
    const result = await manager.connectAll();
    const failure = result.failed[0];
    if (failure !== undefined) throw failure.error;
    const connection = manager.get(definition.name);
    await connection.request('tools/list', (client, requestOptions) =>
      client.listTools(undefined, { ...requestOptions, timeout: runtime.authorizationTimeoutMs + 30_000 }),
    );
  } finally {
    await manager.closeAll();
  }
}

/**
 * Forgets what is stored for one OAuth server (tokens, client registration, discovery).
 * Resolves `true` when something was stored.
 */
export function logoutMcpServer(
  definition: McpServerDefinition,
  options: { readonly oauth?: McpOAuthOptions } = {},
): boolean {
  const runtime = resolveOAuthRuntime('logoutMcpServer.oauth', options.oauth);
  const { url } = oauthServer('logoutMcpServer', definition);
  const store = new OAuthStore(runtime.storeDirectory, definition.name, url);
  const had = store.tokens() !== undefined || store.clientInformation() !== undefined;
  store.clear('all');
  return had;
}
