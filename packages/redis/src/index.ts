export { RedisApprovalStore, type RedisApprovalStoreOptions } from './redis-approval-store.js';
export { RedisConnection, type RedisConnectionOptions, redactRedisUrl } from './redis-connection.js';
export { RedisOAuthStore, type RedisOAuthStoreOptions } from './redis-oauth-store.js';
export { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';
