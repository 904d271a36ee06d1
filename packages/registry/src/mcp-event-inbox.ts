import type { Drained } from './bounded-queue.js';
import type { CatalogChange } from './catalog-change.js';
import { McpEventQueues } from './mcp-event-queues.js';
import type {
  McpConnectionChange,
  McpContentChange,
  McpLogEntry,
  McpResourceUpdate,
  McpServerInstructions,
  McpTaskChange,
} from './mcp-events.js';

/**
 * The agent loop's side of the MCP event queues: one enqueue and one drain per kind of event.
 * Bounded (32; logs and tasks 64), drop-oldest with a dropped count, items stored as copies, a
 * drain empties its queue. `ToolRegistry` is one; every registry and clone owns its own queues.
 */
export class McpEventInbox {
  readonly #queues = new McpEventQueues();

  /** Queues a catalog change observed outside this registry (its own changes are queued already). */
  enqueueMcpCatalogChange(change: CatalogChange): void {
    this.#queues.catalogChanges.enqueue(change);
  }
  /** Takes every queued catalog change (at most 32) and the count dropped since the last drain. */
  drainMcpCatalogChanges(): Drained<CatalogChange> {
    return this.#queues.catalogChanges.drain();
  }
  /** Queues a resources/prompts list change of a server. */
  enqueueMcpContentChange(change: McpContentChange): void {
    this.#queues.contentChanges.enqueue(change);
  }
  /** Takes every queued content change (at most 32). */
  drainMcpContentChanges(): Drained<McpContentChange> {
    return this.#queues.contentChanges.drain();
  }
  /** Queues a resource update; one waiting entry per server and URI (the latest wins). */
  enqueueMcpResourceUpdate(update: McpResourceUpdate): void {
    this.#queues.resourceUpdates.enqueue(update);
  }
  /** Takes every queued resource update (at most 32 distinct server+URI pairs). */
  drainMcpResourceUpdates(): Drained<McpResourceUpdate> {
    return this.#queues.resourceUpdates.drain();
  }
  /** Queues a connection phase change. */
  enqueueMcpConnectionChange(change: McpConnectionChange): void {
    this.#queues.connectionChanges.enqueue(change);
  }
  /** Takes every queued connection change (at most 32). */
  drainMcpConnectionChanges(): Drained<McpConnectionChange> {
    return this.#queues.connectionChanges.drain();
  }
  /** Queues a server log message. */
  enqueueMcpLog(entry: McpLogEntry): void {
    this.#queues.logs.enqueue(entry);
  }
  /** Takes every queued log message (at most 64). */
  drainMcpLogs(): Drained<McpLogEntry> {
    return this.#queues.logs.drain();
  }
  /** Queues a server's `initialize` instructions. */
  enqueueMcpServerInstructions(instructions: McpServerInstructions): void {
    this.#queues.serverInstructions.enqueue(instructions);
  }
  /** Takes every queued set of server instructions (at most 32). */
  drainMcpServerInstructions(): Drained<McpServerInstructions> {
    return this.#queues.serverInstructions.drain();
  }
  /** Queues an MCP task status change. */
  enqueueMcpTaskChange(change: McpTaskChange): void {
    this.#queues.taskChanges.enqueue(change);
  }
  /** Takes every queued task change (at most 64). */
  drainMcpTaskChanges(): Drained<McpTaskChange> {
    return this.#queues.taskChanges.drain();
  }
}
