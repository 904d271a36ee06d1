import type { McpConnectionChange } from '@toolwright/mcp-client';
import { BoundedQueue, type Drained, KeyedBoundedQueue } from '@toolwright/utils';
import type {
  McpContentChange,
  McpLogEntry,
  McpResourceUpdate,
  McpServerInstructions,
  McpTaskChange,
} from './mcp-events.js';

/** Everything an adapter reports, drained at once by {@link McpAdapter.drainEvents}, each kind oldest first. */
export interface McpAdapterEvents {
  /** Resources, resource templates or prompts of a server changed. */
  readonly contentChanges: Drained<McpContentChange>;
  /** Subscribed resources changed; one entry per server and URI (the latest wins). */
  readonly resourceUpdates: Drained<McpResourceUpdate>;
  /** Connection phases of every server. */
  readonly connectionChanges: Drained<McpConnectionChange>;
  /** Log messages servers sent. */
  readonly logs: Drained<McpLogEntry>;
  /** Instructions servers returned from `initialize`. */
  readonly serverInstructions: Drained<McpServerInstructions>;
  /** Status changes of tasks this adapter's sessions started. */
  readonly taskChanges: Drained<McpTaskChange>;
}

/** How many items each kind keeps between drains: 32, 64 for logs and tasks (they arrive in bursts). */
export const MCP_EVENT_QUEUE_CAPACITY: Readonly<Record<keyof McpAdapterEvents, number>> = Object.freeze({
  contentChanges: 32,
  resourceUpdates: 32,
  connectionChanges: 32,
  logs: 64,
  serverInstructions: 32,
  taskChanges: 64,
});

/**
 * The adapter's bounded queues, one per kind of event: drop-oldest with a dropped count, items
 * stored as copies. Every event goes into exactly one queue and leaves it through one drain,
 * so a host sees each event once.
 */
export class McpEventInbox {
  readonly contentChanges = new BoundedQueue<McpContentChange>(
    'mcp-content-changes',
    MCP_EVENT_QUEUE_CAPACITY.contentChanges,
  );
  readonly resourceUpdates = new KeyedBoundedQueue<McpResourceUpdate>(
    'mcp-resource-updates',
    MCP_EVENT_QUEUE_CAPACITY.resourceUpdates,
    // JSON keeps the key unambiguous whatever characters a server or URI contains.
    (update) => JSON.stringify([update.server, update.uri]),
  );
  readonly connectionChanges = new BoundedQueue<McpConnectionChange>(
    'mcp-connection-changes',
    MCP_EVENT_QUEUE_CAPACITY.connectionChanges,
  );
  readonly logs = new BoundedQueue<McpLogEntry>('mcp-logs', MCP_EVENT_QUEUE_CAPACITY.logs);
  readonly serverInstructions = new BoundedQueue<McpServerInstructions>(
    'mcp-server-instructions',
    MCP_EVENT_QUEUE_CAPACITY.serverInstructions,
  );
  readonly taskChanges = new BoundedQueue<McpTaskChange>(
    'mcp-task-changes',
    MCP_EVENT_QUEUE_CAPACITY.taskChanges,
  );

  /** Empties every queue; each kind comes with the count of items dropped since the last drain. */
  drain(): McpAdapterEvents {
    return Object.freeze({
      contentChanges: this.contentChanges.drain(),
      resourceUpdates: this.resourceUpdates.drain(),
      connectionChanges: this.connectionChanges.drain(),
      logs: this.logs.drain(),
      serverInstructions: this.serverInstructions.drain(),
      taskChanges: this.taskChanges.drain(),
    });
  }
}
