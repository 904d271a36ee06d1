import { RedisApprovalStore, RedisConnection, redactRedisUrl } from '@toolwright/redis';
import { AgentError, AgentErrorCode } from '../errors.js';
import type { ApprovalRecords } from './approval-desk.js';

/** The environment variable holding the fleet's approval key: 64 or more hex digits. */
export const APPROVAL_KEY_VARIABLE = 'TOOLWRIGHT_APPROVAL_KEY';

/** State a fleet of agents shares, and how to let go of it. */
export interface SharedStore {
  /** Pending approvals, signed with `approvalKey`, which every worker of the fleet holds. */
  readonly approvals: ApprovalRecords;
  close(): Promise<void>;
}

/**
 * Opens the shared store `url` names (`--store`, or `store` in the config). The approval key
 * comes from `TOOLWRIGHT_APPROVAL_KEY`, never from the store: a key kept in Redis would let
 * anyone who can write there sign an approval. Every worker gets the same key.
 *
 * @throws AgentError `config_invalid` when the key is missing or not hex of 32+ bytes;
 *   RedisStoreError `unavailable` when Redis cannot be reached.
 */
export async function openSharedStore(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SharedStore> {
  if (!/^rediss?:\/\/[^\s]+$/.test(url))
    throw new AgentError(
      AgentErrorCode.OptionInvalid,
      `The shared store must be a redis:// or rediss:// URL (redis://[[user]:password@]host[:port][/db]); got ${JSON.stringify(redactRedisUrl(url))}.`,
    );
  const key = approvalKey(env[APPROVAL_KEY_VARIABLE]);
  const connection = await RedisConnection.open(url);
  return {
    approvals: { store: new RedisApprovalStore(connection), key },
    close: () => connection.close(),
  };
}

function approvalKey(value: string | undefined): Uint8Array {
  if (value === undefined || !/^(?:[0-9a-fA-F]{2}){32,}$/.test(value.trim()))
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `A shared store needs the fleet's approval key in ${APPROVAL_KEY_VARIABLE}: 64 or more hex digits (32+ random bytes), the same on every worker, e.g. from \`node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"\`. ${value === undefined ? 'It is not set.' : 'Its value is not that.'}`,
    );
  return Buffer.from(value.trim(), 'hex');
}
