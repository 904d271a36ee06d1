export { McpResumeError, McpResumeErrorCode } from './mcp-resume-error.js';
export { RedisApprovalStore, type RedisApprovalStoreOptions } from './redis-approval-store.js';
export {
  type RedisArtifactReadResult,
  type RedisArtifactRecord,
  RedisArtifactStore,
  type RedisArtifactUsage,
} from './redis-artifact-store.js';
export type { RedisArtifactStoreOptions } from './redis-artifact-store-options.js';
export { RedisChangeBus, type RedisChangeBusOptions } from './redis-change-bus.js';
export { RedisConnection, type RedisConnectionOptions, redactRedisUrl } from './redis-connection.js';
export { RedisEventStore, type RedisEventStoreOptions } from './redis-event-store.js';
export { RedisOAuthStore, type RedisOAuthStoreOptions } from './redis-oauth-store.js';
export { RedisSessionRecords, type RedisSessionRecordsOptions } from './redis-session-records.js';
export { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';
