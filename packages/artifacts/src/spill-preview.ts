import { headEnd, tailStart } from './head-and-tail.js';
import { escapeForPreview } from './preview-escaping.js';

/**
 * The tool a spill marker tells the model to call to read the rest: the reference agent
 * registers one by this name, and a host that spills should offer one too.
 */
export const READ_ARTIFACT_TOOL_NAME = 'ReadArtifact';

/** Formats a count with thousands separators, the way the marker line shows sizes. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** What the marker line names. */
export interface SpilledArtifactDescription {
  id: string;
  mimeType: string;
  byteLength: number;
  /** The tool that reads it back, named with its arguments; none when the host offers none. */
  readBackTool: string | undefined;
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
  // The line the omitted part starts on (a head cut mid-line shows that line again in full).
  const headBytesShown = bytes.subarray(0, end);
  let firstOmittedLine = 1;
  for (let index = headBytesShown.indexOf(0x0a); index >= 0; index = headBytesShown.indexOf(0x0a, index + 1))
    firstOmittedLine += 1;
  const marker =
    `[… ${formatCount(omittedBytes)} bytes omitted — full output stored as artifact ${artifact.id} ` +
    `(${artifact.mimeType}, ${formatCount(artifact.byteLength)} bytes)` +
    `${artifact.readBackTool === undefined ? '' : `; ${readBackHint(artifact.readBackTool, artifact.id, firstOmittedLine)}`} …]`;
  // Always a line break after a non-empty head, even one ending in a newline: the marker must start
  // its own line and the head must be recoverable exactly (everything before the final break).
  const separator = head.length === 0 ? '' : '\n';
  return { preview: `${head}${separator}${marker}\n${tail}`, omittedBytes };
}

/** Exactly how to call the read-back tool: its name and the arguments, as JSON. */
function readBackHint(tool: string, id: string, firstOmittedLine: number): string {
  const read = JSON.stringify({ id, offset: firstOmittedLine });
  const search = JSON.stringify({ id, pattern: 'text to find' });
  return `read on with ${tool} ${read}, or search it with ${tool} ${search}`;
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
