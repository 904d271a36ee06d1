import { type FileHandle, open } from 'node:fs/promises';

/** Bytes read at a time: small enough that handling one chunk takes a few milliseconds. */
const DEFAULT_CHUNK_BYTES = 256 * 1024;
const NEWLINE = 0x0a;

/** Which lines of a file to keep. */
export interface LineWindowRequest {
  /** 0-based index of the first line kept. */
  readonly start: number;
  /** How many lines to keep from `start`. */
  readonly limit: number;
  /** Reading stops here, whatever the file's size claims (a file still being written). */
  readonly maxBytes: number;
  /** Checked between chunks; an abort rejects with its reason. */
  readonly signal: AbortSignal;
  /** Bytes per read (default 256 KiB); tests use tiny chunks to cut lines and characters apart. */
  readonly chunkBytes?: number;
}

/** A window of a text file's lines, or the news that it is binary. */
export type LineWindow =
  | { readonly binary: true }
  | {
      readonly binary: false;
      /** Lines in the whole file, counted as `split('\n')` would, less a final empty one. */
      readonly totalLines: number;
      /** The kept lines, without their `\n`. */
      readonly lines: readonly string[];
    };

/**
 * Reads a file chunk by chunk and keeps only the requested lines, counting the rest. Reading a
 * 20 MiB file whole and splitting it into millions of strings holds the event loop for seconds
 * and cannot stop when the call is aborted; here each chunk is a separate read, the signal is
 * checked between them, and memory stays at one chunk plus the kept lines. Lines are cut on the
 * bytes (`\n` never occurs inside a multi-byte UTF-8 sequence), so each kept line decodes exactly
 * as it would have from the whole text. A NUL byte anywhere makes the file binary.
 *
 * `file` is a path, or a file already open (Read passes the one it verified); an open file is
 * read from its current position and left open for its owner to close.
 */
export async function readLineWindow(
  file: string | FileHandle,
  request: LineWindowRequest,
): Promise<LineWindow> {
  const { start, limit, maxBytes, signal, chunkBytes = DEFAULT_CHUNK_BYTES } = request;
  const end = start + limit;
  const lines: string[] = [];
  /** Parts of the current line, collected only while it is one of the kept lines. */
  let parts: Buffer[] = [];
  let lineIndex = 0;
  let currentLineBytes = 0;
  let total = 0;
  const handle = typeof file === 'string' ? await open(file, 'r') : file;
  try {
    while (total < maxBytes) {
      signal.throwIfAborted();
      // A fresh buffer per chunk: kept parts of a line are views into it.
      const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.byteLength, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      const bytes = chunk.subarray(0, bytesRead);
      if (bytes.includes(0)) return { binary: true };
      // A byte loop, not `indexOf` per line: 1 ms per MiB however dense the newlines are, where
      // `indexOf` pays ~50 ns a call (over 10 ms per MiB of empty lines). The bound is read once:
      // `byteLength` in the loop condition is not inlined for a Buffer and costs ten times more.
      let lineStart = 0;
      const chunkEnd = bytes.length;
      for (let index = 0; index < chunkEnd; index += 1) {
        if (bytes[index] !== NEWLINE) continue;
        if (lineIndex >= start && lineIndex < end) {
          lines.push(
            parts.length === 0
              ? bytes.toString('utf8', lineStart, index)
              : Buffer.concat([...parts, bytes.subarray(lineStart, index)]).toString('utf8'),
          );
        }
        if (parts.length > 0) parts = [];
        lineIndex += 1;
        currentLineBytes = 0;
        lineStart = index + 1;
      }
      if (lineIndex >= start && lineIndex < end) parts.push(bytes.subarray(lineStart));
      currentLineBytes += chunkEnd - lineStart;
    }
  } finally {
    if (handle !== file) await handle.close();
  }
  signal.throwIfAborted();
  // The text after the last `\n` is a line only when it is not empty (`split` then `pop`).
  if (currentLineBytes > 0) {
    if (lineIndex >= start && lineIndex < end) lines.push(Buffer.concat(parts).toString('utf8'));
    lineIndex += 1;
  }
  return { binary: false, totalLines: lineIndex, lines };
}
