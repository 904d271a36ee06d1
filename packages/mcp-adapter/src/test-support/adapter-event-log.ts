import type { McpConnectionChange } from '@toolwright/mcp-client';
import type { McpAdapterEvents } from '../events/mcp-event-inbox.js';

type Items<K extends keyof McpAdapterEvents> = McpAdapterEvents[K]['items'];

/**
 * An adapter's events as a host that drains them over time sees them: every `read()` drains
 * the adapter once and appends what came out, so a test can wait for a phase without a second
 * way of delivering it.
 */
export class AdapterEventLog {
  readonly connectionChanges: McpConnectionChange[] = [];
  readonly contentChanges: Items<'contentChanges'> = [];
  readonly resourceUpdates: Items<'resourceUpdates'> = [];
  readonly logs: Items<'logs'> = [];
  readonly serverInstructions: Items<'serverInstructions'> = [];
  readonly taskChanges: Items<'taskChanges'> = [];
  /** Dropped items, summed over every drain. */
  dropped = 0;

  constructor(private readonly adapter: { drainEvents(): McpAdapterEvents }) {}

  /** Drains the adapter and appends what arrived since the last read. */
  read(): this {
    const events = this.adapter.drainEvents();
    for (const kind of Object.keys(events) as (keyof McpAdapterEvents)[]) {
      (this[kind] as unknown[]).push(...events[kind].items);
      this.dropped += events[kind].dropped;
    }
    return this;
  }

  /** The connection phases so far, read now. */
  phases(): McpConnectionChange[] {
    return this.read().connectionChanges;
  }
}
