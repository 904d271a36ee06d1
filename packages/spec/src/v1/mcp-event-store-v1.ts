import type { JsonRpcMessageV1 } from './json-rpc-message.js';

/**
 * The events of a Streamable HTTP MCP server's SSE streams, kept so that a client whose stream
 * broke (or was closed for polling) resumes with `Last-Event-ID` and misses nothing: on the same
 * server process, or, with a shared store, on any replica of a fleet. The methods the MCP SDK
 * calls have the SDK's `EventStore` shape (an implementation is passed to the SDK as it is);
 * `resumeProblem` is what a fleet adds.
 *
 * Stores are bounded (by bytes, and by count), so events get dropped. A store must never replay
 * a stream with a hole in it: a resume after an event whose stream has since lost a later event
 * is refused (`resumeProblem` says why, and `replayEventsAfter` rejects), because the lost event
 * may be the very response the client waits for.
 */
export interface McpEventStoreV1 {
  readonly specificationVersion: 'v1';
  /**
   * Keeps `message` (or, past the store's bounds, records that it was dropped) and returns its
   * event id, which names its stream (`getStreamIdForEventId` reads it back without a lookup)
   * and sorts after every earlier id of the stream.
   */
  storeEvent(streamId: string, message: JsonRpcMessageV1): Promise<string>;
  /** The stream `eventId` belongs to, or `undefined` when it is no id of this store's form. */
  getStreamIdForEventId?(eventId: string): Promise<string | undefined>;
  /**
   * Sends, in order, every kept event of `lastEventId`'s stream after it, and returns the stream
   * id. Rejects, sending nothing, when the id is unknown or when `resumeProblem` has one.
   */
  replayEventsAfter(
    lastEventId: string,
    options: { send: (eventId: string, message: JsonRpcMessageV1) => Promise<void> },
  ): Promise<string>;
  /**
   * Why a client cannot resume after `lastEventId` (later events of its stream were dropped, or
   * the store no longer holds the stream at all), as a sentence for the client naming the bound;
   * `undefined` when it can, or when the id is not of this store's form (the transport answers
   * that one). A server checks it before replaying, to answer with a clear refusal (HTTP 410).
   */
  resumeProblem(lastEventId: string): Promise<string | undefined>;
}

/** The current version of the MCP event store interface: {@link McpEventStoreV1}. */
export type McpEventStore = McpEventStoreV1;
