import {
  RedisApprovalStore,
  RedisArtifactStore,
  RedisConnection,
  RedisOAuthStore,
  redactRedisUrl,
} from '@toolwright/redis';
import { AgentError, AgentErrorCode } from '../errors.js';
import type { ApprovalRecords } from './approval-desk.js';
import { approvalKey, oauthKey } from './fleet-keys.js';
import type { ArtifactScope } from './session-artifacts.js';

/** What a command needs of the shared store beside pending approvals. */
export interface SharedStoreParts {
  /** MCP OAuth tokens (when a server logs in with OAuth): needs `TOOLWRIGHT_OAUTH_KEY`. */
  readonly oauth: boolean;
}

/** State a fleet of agents shares, and how to let go of it. */
export interface SharedStore {
  /** Pending approvals, signed with the key every worker holds. */
  readonly approvals: ApprovalRecords;
  /** MCP OAuth tokens, sealed with the key every worker holds; present when asked for. */
  readonly oauth: RedisOAuthStore | undefined;
  /**
   * A session's artifacts (no key: they are no more secret in Redis than in the local store's
   * private files; protect the Redis as you would the state directory). Nothing is sent until
   * the first write or read.
   */
  artifacts(scope: ArtifactScope): RedisArtifactStore;
  close(): Promise<void>;
}

/**
 * Opens the shared store `url` names (`--store`, or `store` in the config): pending approvals,
 * session artifacts, and MCP OAuth tokens when `parts` asks for them. Keys come from the
 * environment, never from the store (see `fleet-keys.ts`), and are checked before Redis is
 * contacted, so that a worker missing one stops at once, exit 2.
 *
 * @throws AgentError `option_invalid` for a URL that is no redis:// one, `config_invalid` for a
 *   missing or malformed key; RedisStoreError `unavailable` when Redis cannot be reached.
 */
export async function openSharedStore(
  url: string,
  parts: SharedStoreParts,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SharedStore> {
  checkStoreUrl(url);
  const signing = approvalKey(env);
  const sealing = parts.oauth ? oauthKey(env) : undefined;
  const connection = await RedisConnection.open(url);
  return {
    approvals: { store: new RedisApprovalStore(connection), key: signing },
    oauth: sealing === undefined ? undefined : new RedisOAuthStore(connection, { key: sealing }),
    artifacts: (scope) => new RedisArtifactStore(connection, scope),
    close: () => connection.close(),
  };
}

/**
 * Opens only the fleet's MCP OAuth tokens in the shared store `url` names, for `mcp login` and
 * `mcp logout`, which need no approval key. Throws as {@link openSharedStore} does.
 */
export async function openSharedOAuthStore(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ readonly oauth: RedisOAuthStore; close(): Promise<void> }> {
  checkStoreUrl(url);
  const key = oauthKey(env);
  const connection = await RedisConnection.open(url);
  return { oauth: new RedisOAuthStore(connection, { key }), close: () => connection.close() };
}

function checkStoreUrl(url: string): void {
  if (!/^rediss?:\/\/[^\s]+$/.test(url))
    throw new AgentError(
      AgentErrorCode.OptionInvalid,
      `The shared store must be a redis:// or rediss:// URL (redis://[[user]:password@]host[:port][/db]); got ${JSON.stringify(redactRedisUrl(url))}.`,
    );
}
