import type { ArtifactReference, SpillResult as SinkSpillResult } from '@toolwright/spec';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { escapeForPreview } from './preview-escaping.js';
import { resolveSpillOptions } from './spill-options.js';
import { buildBinaryPreview, buildTextPreview, decodeText } from './spill-preview.js';
import type { ArtifactWriteRequest, SpillOptions } from './types.js';
import { describeLoneSurrogate, encodeUtf8, findLoneSurrogate } from './well-formed-text.js';

/**
 * A string that is not well-formed UTF-16 has no UTF-8 form: stored, its lone surrogates would
 * become U+FFFD and the artifact would not be the content. Refused rather than altered.
 */
function notWellFormed(content: string, index: number): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.InvalidRequest,
    `Invalid spill content: a ${describeLoneSurrogate(content, index)} (UTF-16 code units) makes the string ` +
      'not well-formed UTF-16; it has no exact UTF-8 form and would be stored with U+FFFD in its place. ' +
      'Pass well-formed text, or the bytes as a Uint8Array.',
    { option: 'content' },
  );
}

/** What {@link spillContent} returns: the spec's `SpillResult`, with the store's own record. */
export interface SpillResultOf<Artifact extends ArtifactReference> extends SinkSpillResult {
  /** The stored artifact, when spilled. */
  readonly artifact?: Artifact | undefined;
}

/**
 * The one `spill` of toolwright's artifact stores, given the store's `write`: returns small text
 * as it is (control characters escaped); stores anything larger (or binary) through `write`, byte
 * for byte, and returns a head-and-tail preview with a marker line naming what was left out and
 * where it is, and `readBackTool` (the tool that reads on; none when `undefined`). A preview never
 * carries control characters other than tab, newline and CRLF: they are written as `\uXXXX`
 * escapes. Bad content or options throw an `ArtifactStoreError` (`invalid_request`,
 * `invalid_option`).
 */
export async function spillContent<Artifact extends ArtifactReference>(
  write: (request: ArtifactWriteRequest) => Promise<Artifact>,
  content: string | Uint8Array,
  options: SpillOptions | undefined,
  readBackTool: string | undefined,
): Promise<SpillResultOf<Artifact>> {
  const resolved = resolveSpillOptions(options);
  let bytes: Buffer;
  let text: string | undefined;
  if (typeof content === 'string') {
    // At most 3 bytes per code unit: a string this short is under the threshold without encoding it.
    if (
      content.length * 3 <= resolved.thresholdBytes ||
      Buffer.byteLength(content) <= resolved.thresholdBytes
    ) {
      const loneSurrogateAt = findLoneSurrogate(content);
      if (loneSurrogateAt >= 0) throw notWellFormed(content, loneSurrogateAt);
      return { spilled: false, preview: escapeForPreview(content), omittedBytes: 0 };
    }
    const encoded = encodeUtf8(content);
    if (encoded.loneSurrogateAt >= 0) throw notWellFormed(content, encoded.loneSurrogateAt);
    bytes = encoded.bytes;
    text = content;
  } else if (content instanceof Uint8Array) {
    bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    text = decodeText(bytes);
    if (text !== undefined && bytes.byteLength <= resolved.thresholdBytes) {
      return { spilled: false, preview: escapeForPreview(text), omittedBytes: 0 };
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
    readBackTool,
  };
  const built =
    text === undefined
      ? buildBinaryPreview(description)
      : buildTextPreview(bytes, resolved.headBytes, resolved.tailBytes, description);
  return { spilled: true, preview: built.preview, artifact, omittedBytes: built.omittedBytes };
}
