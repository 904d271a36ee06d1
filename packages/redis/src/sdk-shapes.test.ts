import type { EventStore, ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { McpChangeBusV1, McpChangeEventV1, McpEventStoreV1 } from '@toolwright/spec';
import { expect, it } from 'vitest';
import type { RedisChangeBus } from './redis-change-bus.js';
import type { RedisEventStore } from './redis-event-store.js';

// The spec names no SDK type; here is where the two meet. Each function below compiles only while
// the first type is assignable to the second, so `tsc` (npm run typecheck) fails on a drift: a
// store or bus of the spec must be what the MCP SDK v2 accepts, as it is.
const asSdkEventStore = (store: McpEventStoreV1): EventStore => store;
const redisAsSdkEventStore = (store: RedisEventStore): EventStore => store;
const asSdkBus = (bus: McpChangeBusV1): ServerEventBus => bus;
const redisAsSdkBus = (bus: RedisChangeBus): ServerEventBus => bus;
// Every event the SDK publishes, the bus carries. (Not the other way round: the SDK types fields
// of `params._meta` the spec leaves open; a bus hands listeners the params as they were published.)
const sdkEventAsSpec = (event: ServerEvent): McpChangeEventV1 => event;

it('the spec interfaces, and the Redis implementations, are what the MCP SDK v2 accepts (checked by tsc)', () => {
  const checks = [asSdkEventStore, redisAsSdkEventStore, asSdkBus, redisAsSdkBus, sdkEventAsSpec];
  expect(checks).toHaveLength(5);
});
