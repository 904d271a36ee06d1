import { checkOption, checkOptions, type OptionTable, POSITIVE_TIMER_MS } from '@toolwright/utils';
import { invalidOption } from '../invalid-option.js';
import { defaultOAuthStoreDirectory } from './oauth-store.js';

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
  readonly storeDirectory: string;
  readonly onAuthorizationUrl: ((request: AuthorizationRequest) => void | Promise<void>) | undefined;
  readonly authorizationTimeoutMs: number;
  loginCommand(server: string): string;
}

const OAUTH_OPTION_NAMES: OptionTable<McpOAuthOptions> = {
  storeDirectory: { kind: 'custom' },
  onAuthorizationUrl: { kind: 'custom' },
  authorizationTimeoutMs: { kind: 'custom' },
  loginCommand: { kind: 'custom' },
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
    storeDirectory: given.storeDirectory ?? defaultOAuthStoreDirectory(),
    onAuthorizationUrl: given.onAuthorizationUrl,
    authorizationTimeoutMs: given.authorizationTimeoutMs ?? 300_000,
    loginCommand: (server: string) => loginCommand?.(server) ?? `toolwright-agent mcp login ${server}`,
  });
  RESOLVED.add(resolved);
  return resolved;
}
