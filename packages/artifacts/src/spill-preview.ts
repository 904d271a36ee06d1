import { escapeForPreview } from './preview-escaping.js';

const NEWLINE = 0x0a;

/** True when `index` starts a UTF-8 character (or is the end): the byte there is not a continuation byte. */
function isCharacterBoundary(bytes: Uint8Array, index: number): boolean {
  return index >= bytes.length || ((bytes[index] as number) & 0xc0) !== 0x80;
}

/**
 * End (exclusive) of the head: at most `maxBytes`, on a character boundary, and at the end of a
 * line when one ends in the second half of the window (a short head is worse than a cut line).
 */
export function headEnd(bytes: Uint8Array, maxBytes: number): number {
  let end = Math.min(maxBytes, bytes.length);
  while (end > 0 && !isCharacterBoundary(bytes, end)) end--;
  if (end < bytes.length && end > 0) {
    const lastNewline = bytes.lastIndexOf(NEWLINE, end - 1);
    if (lastNewline >= 0 && lastNewline + 1 >= end / 2) end = lastNewline + 1;
  }
  return end;
}

/**
 * Start of the tail: the last `maxBytes` at most, never before `notBefore`, on a character
 * boundary, and at the start of a line when one starts in the first half of the window.
 */
export function tailStart(bytes: Uint8Array, maxBytes: number, notBefore: number): number {
  let start = Math.max(bytes.length - maxBytes, notBefore);
  while (start < bytes.length && !isCharacterBoundary(bytes, start)) start++;
  if (start > notBefore && start < bytes.length && bytes[start - 1] !== NEWLINE) {
    const nextNewline = bytes.indexOf(NEWLINE, start);
    const window = bytes.length - start;
    if (
      nextNewline >= 0 &&
      nextNewline + 1 < bytes.length &&
      bytes.length - (nextNewline + 1) >= window / 2
    ) {
      start = nextNewline + 1;
    }
  }
  return start;
}

/** Formats a count with thousands separators, the way the marker line shows sizes. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** What the marker line names. */
export interface SpilledArtifactDescription {
  id: string;
  mimeType: string;
  byteLength: number;
}

/** A head-and-tail preview of UTF-8 text, with the marker line between them. */
export interface TextPreview {
  preview: string;
  omittedBytes: number;
}

/**
 * Builds the preview of spilled text: the head, one marker line saying how many bytes were left
 * out and where the whole content is, and the tail. Cuts fall on UTF-8 character boundaries
 * (preferably line boundaries), so the preview never holds half a character, and the marker
 * makes every cut visible: a model reading it knows output is missing and how to get it. Control
 * characters other than tab, newline and CRLF appear as `\uXXXX` escapes: the stored artifact
 * keeps them, the preview never carries them.
 */
export function buildTextPreview(
  bytes: Uint8Array,
  headBytes: number,
  tailBytes: number,
  artifact: SpilledArtifactDescription,
): TextPreview {
  const end = headEnd(bytes, headBytes);
  const start = tailStart(bytes, tailBytes, end);
  const omittedBytes = start - end;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const head = escapeForPreview(decoder.decode(bytes.subarray(0, end)));
  const tail = escapeForPreview(decoder.decode(bytes.subarray(start)));
  const marker =
    `[… ${formatCount(omittedBytes)} bytes omitted — full output stored as artifact ${artifact.id} ` +
    `(${artifact.mimeType}, ${formatCount(artifact.byteLength)} bytes) …]`;
  // Always a line break after a non-empty head, even one ending in a newline: the marker must start
  // its own line and the head must be recoverable exactly (everything before the final break).
  const separator = head.length === 0 ? '' : '\n';
  return { preview: `${head}${separator}${marker}\n${tail}`, omittedBytes };
}

/** The preview of spilled binary content: a marker line only, since bytes are not text. */
export function buildBinaryPreview(artifact: SpilledArtifactDescription): TextPreview {
  return {
    preview:
      `[binary output of ${formatCount(artifact.byteLength)} bytes not shown — stored as artifact ${artifact.id} ` +
      `(${artifact.mimeType})]`,
    omittedBytes: artifact.byteLength,
  };
}

/**
 * Decodes bytes as UTF-8 when they are valid UTF-8 and free of NUL bytes (text a model can read);
 * undefined for binary content.
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
