/**
 * Event ids are `<streamId>_<sequence>`, the sequence in 16 zero-padded digits: an id names its
 * stream (no lookup needed to route a resume), and ids of a stream sort as they were given. The
 * sequence is one counter per store, so it also orders events across the store's streams.
 */
const SEQUENCE_DIGITS = 16;

/** The event id of the event numbered `sequence` of `streamId`. */
export function formatEventId(streamId: string, sequence: number): string {
  return `${streamId}_${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The stream and sequence an event id names, or `undefined` for an id of another form. */
export function parseEventId(eventId: string): { streamId: string; sequence: number } | undefined {
  if (typeof eventId !== 'string') return undefined;
  const cut = eventId.lastIndexOf('_');
  const digits = eventId.slice(cut + 1);
  if (cut <= 0 || !/^\d+$/.test(digits)) return undefined;
  const sequence = Number(digits);
  return Number.isSafeInteger(sequence) ? { streamId: eventId.slice(0, cut), sequence } : undefined;
}
