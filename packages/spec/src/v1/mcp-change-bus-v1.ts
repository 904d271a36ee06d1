/**
 * A change a server announces to its clients, one per notification method: `tools_list_changed`
 * (`notifications/tools/list_changed`), `prompts_list_changed`, `resources_list_changed`, and
 * `resource_updated` (`notifications/resources/updated`, for `uri`). `params` are the
 * notification's params to forward, as the MCP SDK's `ServerEvent` carries them.
 */
export type McpChangeEventV1 = (
  | { readonly kind: 'tools_list_changed' }
  | { readonly kind: 'prompts_list_changed' }
  | { readonly kind: 'resources_list_changed' }
  | { readonly kind: 'resource_updated'; readonly uri: string }
) & { readonly params?: { readonly [key: string]: unknown } | undefined };

/** The kind of an {@link McpChangeEventV1}. */
export type McpChangeKindV1 = McpChangeEventV1['kind'];

/**
 * How a server's changes reach every open stream of every client: in one process the MCP SDK's
 * `InMemoryServerEventBus`; in a fleet a shared bus (Redis pub/sub), so a change made on one
 * replica reaches the clients connected to every other replica as well as its own. The shape of
 * the SDK's `ServerEventBus`: an implementation is passed to `createMcpHandler({ bus })` as it is.
 */
export interface McpChangeBusV1 {
  readonly specificationVersion: 'v1';
  /**
   * Delivers `event` to every listener of every process on the bus, this one's included. Throws
   * when the bus knows it cannot deliver it (it is down); never leaves a rejection unhandled.
   */
  publish(event: McpChangeEventV1): void;
  /** Calls `listener` with every event published from now on; returns an idempotent unsubscribe. */
  subscribe(listener: (event: McpChangeEventV1) => void): () => void;
}

/** The current version of the MCP change bus interface: {@link McpChangeBusV1}. */
export type McpChangeBus = McpChangeBusV1;
