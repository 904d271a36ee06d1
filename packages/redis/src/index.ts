export { McpResumeError, McpResumeErrorCode } from './mcp-resume-error.js';
export { RedisApprovalStore, type RedisApprovalStoreOptions } from './redis-approval-store.js';
export { RedisChangeBus, type RedisChangeBusOptions } from './redis-change-bus.js';
export { RedisConnection, type RedisConnectionOptions, redactRedisUrl } from './redis-connection.js';
export { RedisEventStore, type RedisEventStoreOptions } from './redis-event-store.js';
export { RedisSessionRecords, type RedisSessionRecordsOptions } from './redis-session-records.js';
export { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';
