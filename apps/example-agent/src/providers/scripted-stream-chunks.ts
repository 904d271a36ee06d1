import type { ModelStreamEvent, ModelToolCall } from './model-provider.js';

/** How many pieces the scripted model cuts a text, or a call's argument JSON, into. */
const PIECES_PER_PART = 3;

/**
 * The chunks in which the scripted model streams one turn, as a real model would: the text in a
 * few pieces, then each call — its start with the first piece of argument JSON, the middle
 * pieces, the last piece with its end — and `message-end` in a chunk of its own. Each chunk is
 * one network read's worth: the player waits before each, so a call ends while later ones are
 * still forming.
 */
export function scriptedStreamChunks(
  text: string,
  toolCalls: readonly ModelToolCall[],
): ModelStreamEvent[][] {
  const chunks: ModelStreamEvent[][] = splitIntoPieces(text, PIECES_PER_PART).map((piece) => [
    { type: 'text-delta', text: piece },
  ]);
  for (const call of toolCalls) {
    const pieces = splitIntoPieces(JSON.stringify(call.arguments ?? {}), PIECES_PER_PART);
    const callChunks: ModelStreamEvent[][] = pieces.map((piece) => [
      { type: 'tool-call-delta', callId: call.id, argumentsDelta: piece },
    ]);
    callChunks[0]!.unshift({ type: 'tool-call-start', callId: call.id, toolName: call.name });
    callChunks.at(-1)!.push({ type: 'tool-call-end', callId: call.id });
    chunks.push(...callChunks);
  }
  chunks.push([{ type: 'message-end' }]);
  return chunks;
}

/**
 * Cuts `text` into at most `count` pieces of about equal length, never empty and never inside
 * a surrogate pair (an emoji in a scenario stays whole).
 */
export function splitIntoPieces(text: string, count: number): string[] {
  const characters = Array.from(text);
  const pieceCount = Math.min(count, characters.length);
  const pieces: string[] = [];
  for (let index = 0; index < pieceCount; index += 1) {
    const start = Math.floor((index * characters.length) / pieceCount);
    const end = Math.floor(((index + 1) * characters.length) / pieceCount);
    pieces.push(characters.slice(start, end).join(''));
  }
  return pieces;
}
