import { checkOptions, type OptionTable, refusedOption } from '@toolwright/utils';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { invalidRequest } from './invalid-option.js';
import { normaliseMimeType } from './mime-extensions.js';
import type { ArtifactWriteRequest } from './types.js';
import { describeLoneSurrogate, encodeUtf8 } from './well-formed-text.js';

/** Longest `kind`, in characters. */
export const MAX_KIND_LENGTH = 128;
/** Longest `sourceUri`, in characters. */
export const MAX_SOURCE_URI_LENGTH = 4096;

// Control characters would let a kind or URI forge lines in listings and previews a model reads.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The fields of a write request, checked by name too: a misspelt `mimetype` or `sourceURL` would
 * store the artifact without its type or origin, and nobody would know. Their values are checked
 * in `normaliseWriteRequest`.
 */
const WRITE_REQUEST_FIELDS: OptionTable<ArtifactWriteRequest> = {
  kind: { kind: 'custom' },
  bytes: { kind: 'custom' },
  mimeType: { kind: 'custom' },
  sourceUri: { kind: 'custom' },
};

const OWNER = 'write request';

/** A write request after validation: bytes as a Buffer view (no copy), MIME type normalised. */
export interface NormalisedWriteRequest {
  /** The request's kind. */
  kind: string;
  /** The content: the caller's bytes (not copied), or a string's UTF-8. */
  bytes: Buffer;
  /** `type/subtype`, lowercase, parameters dropped. */
  mimeType: string | undefined;
  /** The request's source URI. */
  sourceUri: string | undefined;
}

function refusedField(field: string, received: unknown, accepted: string): Error {
  return invalidRequest(refusedOption(OWNER, field, accepted, received));
}

/**
 * Checks a write request field by field, naming the first bad one (`invalid_request`), and
 * normalises it: a string as its UTF-8 bytes, the MIME type as `type/subtype`. Every artifact
 * store of toolwright takes its requests through this one check, so the same request gives the
 * same record fields, or the same refusal, on each.
 */
export function normaliseWriteRequest(request: ArtifactWriteRequest): NormalisedWriteRequest {
  if (typeof request !== 'object' || request === null) {
    throw refusedField('request', request, 'an object with kind and bytes');
  }
  checkOptions(OWNER, request, WRITE_REQUEST_FIELDS, invalidRequest);
  const { kind, bytes, mimeType, sourceUri } = request;
  if (
    typeof kind !== 'string' ||
    kind.length === 0 ||
    kind.length > MAX_KIND_LENGTH ||
    CONTROL_CHARACTERS.test(kind)
  ) {
    throw refusedField('kind', kind, `a non-empty string of at most ${MAX_KIND_LENGTH} printable characters`);
  }
  let buffer: Buffer;
  if (typeof bytes === 'string') {
    const encoded = encodeUtf8(bytes);
    if (encoded.loneSurrogateAt >= 0) {
      // Its UTF-8 would hold U+FFFD in place of the surrogate: not the content that was given.
      throw new ArtifactStoreError(
        ArtifactStoreErrorCode.InvalidRequest,
        `write request: bytes must be a Uint8Array, or a well-formed string; a string with a ${describeLoneSurrogate(bytes, encoded.loneSurrogateAt)} ` +
          '(UTF-16 code units) is not well-formed UTF-16 and has no exact UTF-8 form: it would be stored with ' +
          'U+FFFD in its place.',
        { option: 'bytes' },
      );
    }
    buffer = encoded.bytes;
  } else if (Buffer.isBuffer(bytes)) {
    buffer = bytes;
  } else if (bytes instanceof Uint8Array) {
    buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } else {
    throw refusedField('bytes', bytes, 'a Uint8Array (or Buffer) or a string');
  }
  let normalisedMime: string | undefined;
  if (mimeType !== undefined) {
    normalisedMime = typeof mimeType === 'string' ? normaliseMimeType(mimeType) : undefined;
    if (normalisedMime === undefined) {
      throw refusedField('mimeType', mimeType, 'a MIME type such as "image/png" (type/subtype)');
    }
  }
  if (
    sourceUri !== undefined &&
    (typeof sourceUri !== 'string' ||
      sourceUri.length === 0 ||
      sourceUri.length > MAX_SOURCE_URI_LENGTH ||
      CONTROL_CHARACTERS.test(sourceUri))
  ) {
    throw refusedField(
      'sourceUri',
      sourceUri,
      `a non-empty string of at most ${MAX_SOURCE_URI_LENGTH} printable characters, or undefined`,
    );
  }
  return { kind, bytes: buffer, mimeType: normalisedMime, sourceUri };
}
