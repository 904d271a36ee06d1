import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface StoredEvent {
  readonly streamId: string;
  readonly sequence: number;
  readonly message: JSONRPCMessage;
}

/**
 * The events of one session's streams, kept in memory so a client whose stream broke (or was
 * closed for polling) can resume with `Last-Event-ID` and miss nothing. Bounded: past
 * `maxEvents` the oldest are dropped, so an endless stream cannot grow without limit; a client
 * resuming from a dropped event gets what is left after it.
 */
export class MemoryEventStore implements EventStore {
  readonly #events = new Map<string, StoredEvent>();
  readonly #maxEvents: number;
  #sequence = 0;

  constructor(maxEvents: number) {
    this.#maxEvents = maxEvents;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    this.#sequence += 1;
    const eventId = `${streamId}_${this.#sequence}`;
    this.#events.set(eventId, { streamId, sequence: this.#sequence, message });
    while (this.#events.size > this.#maxEvents) {
      const oldest = this.#events.keys().next().value as string;
      this.#events.delete(oldest);
    }
    return eventId;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.#events.get(eventId)?.streamId ?? parseEventId(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = parseEventId(lastEventId);
    if (last === undefined) throw new Error(`Unknown event id ${JSON.stringify(lastEventId)}`);
    for (const [eventId, event] of this.#events) {
      // Priming events carry no message (an empty object): there is nothing to replay for them.
      if (event.streamId !== last.streamId || event.sequence <= last.sequence) continue;
      if (Object.keys(event.message).length === 0) continue;
      await send(eventId, event.message);
    }
    return last.streamId;
  }
}

function parseEventId(eventId: string): { streamId: string; sequence: number } | undefined {
  const cut = eventId.lastIndexOf('_');
  const sequence = Number(eventId.slice(cut + 1));
  if (cut <= 0 || !Number.isSafeInteger(sequence)) return undefined;
  return { streamId: eventId.slice(0, cut), sequence };
}
