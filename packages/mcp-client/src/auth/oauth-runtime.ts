import { asOAuthCredentialStoreV1, type OAuthCredentialStoreV1 } from '@toolwright/spec';
import { checkOption, checkOptions, type OptionTable, POSITIVE_TIMER_MS } from '@toolwright/utils';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { invalidOption } from '../invalid-option.js';
import { LocalOAuthCredentialStore } from './local-credential-store.js';
import { defaultOAuthStoreDirectory } from './oauth-store.js';

/** This package and its version line, as a refusal of another interface version names it. */
const MCP_CLIENT_ACCEPTS = '@toolwright/mcp-client 0.x';

/** Where the interactive login sends the user. */
export interface AuthorizationRequest {
  /** The configured server name. */
  readonly server: string;
  /** The authorization server's URL to open in a browser (carries PKCE challenge and state). */
  readonly url: URL;
}

/** The host's side of OAuth for every server with an `oauth` config (adapter option `oauth`). */
export interface McpOAuthOptions {
  /**
   * Where tokens and client registrations are kept, one private directory per server; default
   * `$XDG_STATE_HOME/toolwright/mcp-oauth` (or `~/.local/state/toolwright/mcp-oauth`).
   */
  readonly storeDirectory?: string;
  /**
   * A store the workers of a fleet share instead of the local files (an `OAuthCredentialStoreV1`
   * of `@toolwright/spec`, such as `RedisOAuthStore` of `@toolwright/redis`): one login serves
   * them all, and an access token is renewed once for the fleet, under the store's refresh lock.
   * Not together with `storeDirectory`.
   */
  readonly credentialStore?: OAuthCredentialStoreV1;
  /**
   * Makes the run interactive: called with the authorization URL when a server needs the user
   * to log in (open it in a browser). The redirect comes back to 127.0.0.1 on a port of its
   * own. Without it such a server is `needs_auth`.
   */
  readonly onAuthorizationUrl?: (request: AuthorizationRequest) => void | Promise<void>;
  /** How long to wait for the redirect after `onAuthorizationUrl`; default 5 minutes. */
  readonly authorizationTimeoutMs?: number;
  /** The command a `needs_auth` message tells the user to run; default `toolwright-agent mcp login <server>`. */
  readonly loginCommand?: (server: string) => string;
}

/** {@link McpOAuthOptions} checked, with the defaults filled in. */
export interface ResolvedOAuthRuntime {
  /** The host's `credentialStore`, or the local files in `storeDirectory`. */
  readonly credentialStore: OAuthCredentialStoreV1;
  readonly onAuthorizationUrl: ((request: AuthorizationRequest) => void | Promise<void>) | undefined;
  readonly authorizationTimeoutMs: number;
  loginCommand(server: string): string;
}

const OAUTH_OPTION_NAMES: OptionTable<McpOAuthOptions> = {
  storeDirectory: { kind: 'custom' },
  onAuthorizationUrl: { kind: 'custom' },
  authorizationTimeoutMs: { kind: 'custom' },
  loginCommand: { kind: 'custom' },
  credentialStore: { kind: 'custom' },
};

/** Runtimes this module resolved: an adapter hands its manager the one it already checked. */
const RESOLVED = new WeakSet<object>();

/**
 * Checks `options` by name and value (`owner` names where they were given) and fills in the
 * defaults; a runtime resolved before is returned as it is.
 */
export function resolveOAuthRuntime(
  owner: string,
  options: McpOAuthOptions | ResolvedOAuthRuntime | undefined,
): ResolvedOAuthRuntime {
  if (options !== undefined && RESOLVED.has(options)) return options as ResolvedOAuthRuntime;
  const given = (options ?? {}) as McpOAuthOptions;
  checkOptions(owner, given, OAUTH_OPTION_NAMES, invalidOption);
  checkOption(owner, 'storeDirectory', given.storeDirectory, { kind: 'string' }, invalidOption);
  checkOption(owner, 'onAuthorizationUrl', given.onAuthorizationUrl, { kind: 'function' }, invalidOption);
  checkOption(owner, 'loginCommand', given.loginCommand, { kind: 'function' }, invalidOption);
  checkOption(
    owner,
    'authorizationTimeoutMs',
    given.authorizationTimeoutMs,
    POSITIVE_TIMER_MS,
    invalidOption,
  );
  const loginCommand = given.loginCommand;
  const resolved: ResolvedOAuthRuntime = Object.freeze({
    credentialStore: credentialStoreOf(owner, given),
    onAuthorizationUrl: given.onAuthorizationUrl,
    authorizationTimeoutMs: given.authorizationTimeoutMs ?? 300_000,
    loginCommand: (server: string) => loginCommand?.(server) ?? `toolwright-agent mcp login ${server}`,
  });
  RESOLVED.add(resolved);
  return resolved;
}

/** The host's `credentialStore` as a v1 store, or the local one; refused naming what is accepted. */
function credentialStoreOf(owner: string, given: McpOAuthOptions): OAuthCredentialStoreV1 {
  if (given.credentialStore === undefined)
    return new LocalOAuthCredentialStore(given.storeDirectory ?? defaultOAuthStoreDirectory());
  if (given.storeDirectory !== undefined)
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner}: give either storeDirectory (the local files) or credentialStore (a store the fleet shares), not both`,
    );
  const adaptation = asOAuthCredentialStoreV1(given.credentialStore, MCP_CLIENT_ACCEPTS);
  if (adaptation.ok) return adaptation.value;
  throw new McpClientError(
    McpClientErrorCode.InvalidOption,
    `${owner}: credentialStore: ${adaptation.message}`,
  );
}
