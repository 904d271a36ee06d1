export { RedisApprovalStore, type RedisApprovalStoreOptions } from './redis-approval-store.js';
export {
  type RedisArtifactReadResult,
  type RedisArtifactRecord,
  RedisArtifactStore,
  type RedisArtifactUsage,
} from './redis-artifact-store.js';
export type { RedisArtifactStoreOptions } from './redis-artifact-store-options.js';
export { RedisConnection, type RedisConnectionOptions, redactRedisUrl } from './redis-connection.js';
export { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';
