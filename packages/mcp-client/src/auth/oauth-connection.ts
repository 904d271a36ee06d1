import { McpClientError, McpClientErrorCode } from '../errors.js';
import type { McpServerDefinition } from '../server-definition.js';
import { needsLoginIn } from './needs-login-error.js';
import type { OAuthServerConfig } from './oauth-config.js';

/** The `oauth` config of an HTTP server definition, if it has one. */
export function oauthConfigOf(definition: McpServerDefinition): OAuthServerConfig | undefined {
  if (definition.transport !== 'streamable-http') return undefined;
  return (definition as { readonly oauth?: OAuthServerConfig }).oauth;
}

/** `needs_auth` when `error` says the user must log in, else `undefined`. */
export function needsAuthError(server: string, error: unknown): McpClientError | undefined {
  const login = needsLoginIn(error);
  if (login === undefined) return undefined;
  return new McpClientError(McpClientErrorCode.NeedsAuth, login.message, { server, cause: error });
}

/** The phase a failed connect reports: `needs_auth` when the user must log in, else `failed`. */
export function failureState(error: unknown): 'failed' | 'needs_auth' {
  if (McpClientError.isInstance(error) && error.code === McpClientErrorCode.NeedsAuth) return 'needs_auth';
  return needsLoginIn(error) === undefined ? 'failed' : 'needs_auth';
}
