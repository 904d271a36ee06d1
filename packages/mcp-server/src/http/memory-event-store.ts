import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';
import type { BudgetedStore, EventBudget } from './event-budget.js';

/** The bounds of one session's store. */
export interface EventStoreLimits {
  /** Events kept at most. */
  readonly maxEvents: number;
  /** Bytes kept at most (each event's JSON, UTF-8, plus its id). */
  readonly maxBytes: number;
  /** The bound shared by every session's store. */
  readonly budget: EventBudget;
  /** Names the options that set the bounds, for the refusal a client gets. */
  readonly boundsHint: string;
}

interface StoredEvent {
  readonly streamId: string;
  readonly sequence: number;
  readonly stamp: number;
  /**
   * The message as JSON: kept as bytes, so what the bound counts is what is held (a parsed
   * object could be larger, and could be changed by whoever else holds it).
   */
  readonly json: Buffer;
  readonly size: number;
}

/**
 * How many streams the store remembers lost events of: few, since the markers are memory the
 * byte bounds do not count. A stream forgotten past it is treated as having lost everything up
 * to the newest forgotten loss, so a resume is refused rather than silently incomplete.
 */
export const MAX_LOSS_MARKERS = 64;

/**
 * The events of one session's streams, kept in memory so a client whose stream broke (or was
 * closed for polling) can resume with `Last-Event-ID` and miss nothing. Bounded by count and by
 * bytes per session, and by the {@link EventBudget} shared by every session: past any bound the
 * oldest events are dropped (an event larger than a bound is not kept at all), so neither an
 * endless stream nor large messages (a `ping` with a megabyte id, echoed back) grow memory
 * without limit. A client resuming after an event whose stream has lost later events is
 * refused with a message saying so ({@link resumeProblem}): replaying the rest would hide the
 * loss, and the lost message may be the very response it waits for.
 */
export class MemoryEventStore implements EventStore, BudgetedStore {
  readonly #events = new Map<string, StoredEvent>();
  /** Per stream, the highest sequence dropped; streams in the order they first lost an event. */
  readonly #lost = new Map<string, number>();
  /** Streams whose marker was forgotten may have lost anything up to this sequence. */
  #forgottenThrough = 0;
  readonly #limits: EventStoreLimits;
  #sequence = 0;
  #bytes = 0;
  #disposed = false;

  constructor(limits: EventStoreLimits) {
    this.#limits = limits;
    limits.budget.join(this);
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Events kept now. */
  get size(): number {
    return this.#events.size;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    this.#sequence += 1;
    const sequence = this.#sequence;
    const eventId = `${streamId}_${sequence}`;
    const json = Buffer.from(JSON.stringify(message), 'utf8');
    const size = json.length + Buffer.byteLength(eventId);
    if (this.#disposed || size > this.#limits.maxBytes || size > this.#limits.budget.maxBytes) {
      // Sent live, never kept: a resume from before it must learn that it is gone.
      this.#markLost(streamId, sequence);
      return eventId;
    }
    const stamp = this.#limits.budget.nextStamp();
    this.#events.set(eventId, { streamId, sequence, stamp, json, size });
    this.#bytes += size;
    this.#limits.budget.adjust(size);
    while (this.#events.size > this.#limits.maxEvents || this.#bytes > this.#limits.maxBytes) {
      this.evictOldest();
    }
    this.#limits.budget.enforce();
    return eventId;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.#events.get(eventId)?.streamId ?? parseEventId(eventId)?.streamId;
  }

  /**
   * Why a client cannot resume after `lastEventId` (later events of its stream were dropped),
   * or `undefined` when it can (or when the id is not one of ours: the transport answers that).
   */
  resumeProblem(lastEventId: string): string | undefined {
    const last = parseEventId(lastEventId);
    if (last === undefined) return undefined;
    const lostThrough = this.#lost.get(last.streamId) ?? this.#forgottenThrough;
    if (lostThrough <= last.sequence) return undefined;
    return (
      `Cannot resume after event ${JSON.stringify(lastEventId)}: later events of its stream were dropped ` +
      `to keep the server's stream events within their bounds (${this.#limits.boundsHint}), ` +
      'so what they said cannot be replayed. Send the request again, or ask the server operator to raise the bounds.'
    );
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = parseEventId(lastEventId);
    if (last === undefined) throw new Error(`Unknown event id ${JSON.stringify(lastEventId)}`);
    const problem = this.resumeProblem(lastEventId);
    if (problem !== undefined) throw new Error(problem);
    // A snapshot: sending awaits, and events stored or dropped meanwhile must not disturb it.
    for (const [eventId, event] of [...this.#events]) {
      if (event.streamId !== last.streamId || event.sequence <= last.sequence) continue;
      const message = JSON.parse(event.json.toString('utf8')) as JSONRPCMessage;
      // Priming events carry no message (an empty object): there is nothing to replay for them.
      if (Object.keys(message).length === 0) continue;
      await send(eventId, message);
    }
    return last.streamId;
  }

  oldestStamp(): number | undefined {
    for (const event of this.#events.values()) return event.stamp;
    return undefined;
  }

  evictOldest(): void {
    for (const [eventId, event] of this.#events) {
      this.#events.delete(eventId);
      this.#bytes -= event.size;
      this.#limits.budget.adjust(-event.size);
      this.#markLost(event.streamId, event.sequence);
      return;
    }
  }

  /** Releases every event and leaves the shared budget: the session is gone. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#limits.budget.adjust(-this.#bytes);
    this.#limits.budget.leave(this);
    this.#events.clear();
    this.#lost.clear();
    this.#bytes = 0;
  }

  #markLost(streamId: string, sequence: number): void {
    if (!this.#lost.has(streamId) && this.#lost.size >= MAX_LOSS_MARKERS) {
      const [forgotten, through] = this.#lost.entries().next().value as [string, number];
      this.#lost.delete(forgotten);
      this.#forgottenThrough = Math.max(this.#forgottenThrough, through);
    }
    this.#lost.set(streamId, Math.max(this.#lost.get(streamId) ?? 0, sequence));
  }
}

function parseEventId(eventId: string): { streamId: string; sequence: number } | undefined {
  const cut = eventId.lastIndexOf('_');
  const sequence = Number(eventId.slice(cut + 1));
  if (cut <= 0 || !Number.isSafeInteger(sequence)) return undefined;
  return { streamId: eventId.slice(0, cut), sequence };
}
