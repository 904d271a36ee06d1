import { BoundedQueue, KeyedBoundedQueue } from './bounded-queue.js';
import type { CatalogChange } from './catalog-change.js';
import {
  MCP_EVENT_QUEUE_CAPACITY,
  type McpConnectionChange,
  type McpContentChange,
  type McpLogEntry,
  type McpResourceUpdate,
  type McpServerInstructions,
  type McpTaskChange,
} from './mcp-events.js';

/**
 * The seven queues between MCP connections and the agent loop. Each registry (and each clone) owns
 * its own set, so one executor draining its events never steals another's.
 */
export class McpEventQueues {
  readonly catalogChanges = new BoundedQueue<CatalogChange>(
    'mcp-catalog-changes',
    MCP_EVENT_QUEUE_CAPACITY.catalogChanges,
  );
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
}
