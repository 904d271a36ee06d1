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

/** What a command needs of the shared store; each part needs its key from the environment. */
export interface SharedStoreParts {
  /** Pending approvals: needs `TOOLWRIGHT_APPROVAL_KEY`. */
  readonly approvals: boolean;
  /** MCP OAuth tokens: needs `TOOLWRIGHT_OAUTH_KEY`. */
  readonly oauth: boolean;
}

/** State a fleet of agents shares, and how to let go of it. */
export interface SharedStore {
  /** Pending approvals, signed with the key every worker holds; present when asked for. */
  readonly approvals: ApprovalRecords | undefined;
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
 * Opens the shared store `url` names (`--store`, or `store` in the config) with the `parts` a
 * command needs. Keys come from the environment, never from the store (see `fleet-keys.ts`), and
 * are checked before Redis is contacted, so that a worker missing one stops at once, exit 2.
 *
 * @throws AgentError `option_invalid` for a URL that is no redis:// one, `config_invalid` for a
 *   missing or malformed key; RedisStoreError `unavailable` when Redis cannot be reached.
 */
export async function openSharedStore(
  url: string,
  parts: SharedStoreParts,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SharedStore> {
  if (!/^rediss?:\/\/[^\s]+$/.test(url))
    throw new AgentError(
      AgentErrorCode.OptionInvalid,
      `The shared store must be a redis:// or rediss:// URL (redis://[[user]:password@]host[:port][/db]); got ${JSON.stringify(redactRedisUrl(url))}.`,
    );
  const signing = parts.approvals ? approvalKey(env) : undefined;
  const sealing = parts.oauth ? oauthKey(env) : undefined;
  const connection = await RedisConnection.open(url);
  return {
    approvals:
      signing === undefined ? undefined : { store: new RedisApprovalStore(connection), key: signing },
    oauth: sealing === undefined ? undefined : new RedisOAuthStore(connection, { key: sealing }),
    artifacts: (scope) => new RedisArtifactStore(connection, scope),
    close: () => connection.close(),
  };
}
