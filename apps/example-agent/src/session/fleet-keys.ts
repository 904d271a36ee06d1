import { AgentError, AgentErrorCode } from '../errors.js';

/** The environment variable holding the fleet's approval key: 64 or more hex digits. */
export const APPROVAL_KEY_VARIABLE = 'TOOLWRIGHT_APPROVAL_KEY';

/** The environment variable holding the fleet's OAuth key: base64 of 32 bytes. */
export const OAUTH_KEY_VARIABLE = 'TOOLWRIGHT_OAUTH_KEY';

/**
 * The key pending approvals are signed (HMAC) and checked with. Every worker gets the same one
 * from its environment, never from the store: a key kept in Redis would let anyone who can write
 * there sign an approval.
 *
 * @throws AgentError `config_invalid` naming the variable, what it must hold and how to make one.
 */
export function approvalKey(env: NodeJS.ProcessEnv): Uint8Array {
  const value = env[APPROVAL_KEY_VARIABLE];
  if (value === undefined || !/^(?:[0-9a-fA-F]{2}){32,}$/.test(value.trim()))
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `A shared store needs the fleet's approval key in ${APPROVAL_KEY_VARIABLE}: 64 or more hex digits (32+ random bytes), the same on every worker, e.g. from \`node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"\`. ${problem(value)}`,
    );
  return Buffer.from(value.trim(), 'hex');
}

/**
 * The key MCP OAuth tokens are sealed with (AES-256-GCM) in the shared store. A key of its own,
 * not the approval key: it encrypts where the other signs, and whoever may answer approvals (a
 * reviewer's CLI, a web UI) need not be able to open the fleet's refresh tokens; each is rotated
 * alone (a new OAuth key logs the fleet out, a new approval key voids pending approvals).
 *
 * @throws AgentError `config_invalid` naming the variable, what it must hold and how to make one
 *   (the value itself is never quoted).
 */
export function oauthKey(env: NodeJS.ProcessEnv): Buffer {
  const value = env[OAUTH_KEY_VARIABLE]?.trim();
  // Standard base64 of exactly 32 bytes: 43 characters and one `=`.
  const bytes =
    value !== undefined && /^[A-Za-z0-9+/]{43}=$/.test(value) ? Buffer.from(value, 'base64') : undefined;
  if (bytes === undefined || bytes.length !== 32)
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `A shared store with MCP servers that log in with OAuth needs the fleet's OAuth key in ${OAUTH_KEY_VARIABLE}: base64 of 32 random bytes (44 characters), the same on every worker, e.g. from \`openssl rand -base64 32\`; it seals the tokens kept in Redis. ${problem(env[OAUTH_KEY_VARIABLE])}`,
    );
  return bytes;
}

function problem(value: string | undefined): string {
  return value === undefined ? 'It is not set.' : 'Its value is not that.';
}
