import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { resolveSpillOptions } from './spill-options.js';
import { buildBinaryPreview, buildTextPreview, decodeText } from './spill-preview.js';
import type { ArtifactRecord, ArtifactWriteRequest, SpillOptions, SpillResult } from './types.js';

/**
 * Returns small text unchanged; stores anything larger (or binary) through `write` and returns a
 * head-and-tail preview with a marker line naming what was left out and where it is.
 */
export async function spillContent(
  write: (request: ArtifactWriteRequest) => Promise<ArtifactRecord>,
  content: string | Uint8Array,
  options: SpillOptions | undefined,
): Promise<SpillResult> {
  const resolved = resolveSpillOptions(options);
  let bytes: Buffer;
  let text: string | undefined;
  if (typeof content === 'string') {
    if (Buffer.byteLength(content, 'utf8') <= resolved.thresholdBytes) {
      return { spilled: false, preview: content, omittedBytes: 0 };
    }
    bytes = Buffer.from(content, 'utf8');
    text = content;
  } else if (content instanceof Uint8Array) {
    bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    text = decodeText(bytes);
    if (text !== undefined && bytes.byteLength <= resolved.thresholdBytes) {
      return { spilled: false, preview: text, omittedBytes: 0 };
    }
  } else {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.InvalidRequest,
      `Invalid spill content: received ${typeof content}; expected a string or a Uint8Array.`,
      { option: 'content' },
    );
  }
  const mimeType = resolved.mimeType ?? (text === undefined ? 'application/octet-stream' : 'text/plain');
  const artifact = await write({ kind: resolved.kind, bytes, mimeType });
  const description = {
    id: artifact.id,
    mimeType: artifact.mimeType ?? mimeType,
    byteLength: artifact.byteLength,
  };
  const built =
    text === undefined
      ? buildBinaryPreview(description)
      : buildTextPreview(bytes, resolved.headBytes, resolved.tailBytes, description);
  return { spilled: true, preview: built.preview, artifact, omittedBytes: built.omittedBytes };
}
