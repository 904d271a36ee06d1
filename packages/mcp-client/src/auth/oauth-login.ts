import { McpClientError, McpClientErrorCode } from '../errors.js';
import type { McpServerDefinition } from '../server-definition.js';
import { loadOAuthFlows } from './lazy-oauth-flows.js';
import { LocalOAuthCredentialStore } from './local-credential-store.js';
import { oauthConfigOf } from './oauth-connection.js';
import { type McpOAuthOptions, resolveOAuthRuntime } from './oauth-runtime.js';
import { serverStoreName } from './oauth-store.js';
import { oauthSupportOf } from './oauth-support.js';
import { ServerCredentials } from './server-credentials.js';

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
  await new ServerCredentials(runtime.credentialStore, serverStoreName(definition.name, url)).clear('tokens');
  const { McpConnectionManager } = await loadOAuthFlows();
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
 * Forgets what the local store keeps for one OAuth server (tokens, client registration,
 * discovery). Returns `true` when something was stored. A store the fleet shares
 * (`oauth.credentialStore`) answers later: use {@link forgetMcpServerLogin} for it.
 */
export function logoutMcpServer(
  definition: McpServerDefinition,
  options: { readonly oauth?: McpOAuthOptions } = {},
): boolean {
  const runtime = resolveOAuthRuntime('logoutMcpServer.oauth', options.oauth);
  const { url } = oauthServer('logoutMcpServer', definition);
  const local = runtime.credentialStore;
  if (!(local instanceof LocalOAuthCredentialStore))
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      'logoutMcpServer forgets the local files at once; with oauth.credentialStore use `await forgetMcpServerLogin(definition, options)`',
    );
  const store = local.storeFor(serverStoreName(definition.name, url));
  const had = store.read('tokens') !== undefined || store.read('client') !== undefined;
  for (const kind of ['tokens', 'client', 'discovery'] as const) store.remove(kind);
  return had;
}

/**
 * Forgets what is stored for one OAuth server (tokens, client registration, discovery) in the
 * store `options.oauth` names, local or shared: every worker sharing it is logged out. Resolves
 * `true` when something was stored.
 */
export async function forgetMcpServerLogin(
  definition: McpServerDefinition,
  options: { readonly oauth?: McpOAuthOptions } = {},
): Promise<boolean> {
  const runtime = resolveOAuthRuntime('forgetMcpServerLogin.oauth', options.oauth);
  const { url } = oauthServer('forgetMcpServerLogin', definition);
  const credentials = new ServerCredentials(runtime.credentialStore, serverStoreName(definition.name, url));
  const had =
    (await credentials.tokens()) !== undefined || (await credentials.clientInformation()) !== undefined;
  await credentials.clear('all');
  return had;
}
