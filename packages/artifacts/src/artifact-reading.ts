import { checkOptions, type NumberRule, type OptionTable } from '@toolwright/utils';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { invalidOption } from './invalid-option.js';
import { escapeForPreview } from './preview-escaping.js';
import { decodeText, formatCount } from './spill-preview.js';
import type { ArtifactReadResult, ArtifactRecord } from './types.js';

/** What the reading helpers need of a store: `read(id)`, which verifies the bytes and is session-scoped. */
export interface ReadableArtifactStore {
  read(id: string): Promise<ArtifactReadResult>;
}

/** Defaults of {@link readArtifactLines} and {@link searchArtifact}. */
export const DEFAULT_ARTIFACT_READING: Readonly<{
  limit: number;
  maxMatches: number;
  maxBytes: number;
  maxLineCharacters: number;
}> = Object.freeze({ limit: 200, maxMatches: 100, maxBytes: 12_288, maxLineCharacters: 1_000 });

/** Options of {@link readArtifactLines}. */
export interface ArtifactLinesOptions {
  /** 1-based line to start at (default 1). */
  offset?: number | undefined;
  /** Lines to return at most (default 200, at most 10,000). */
  limit?: number | undefined;
  /** Bytes of `text` at most (default 12,288, at least 4,096): fewer lines come back rather than more bytes. */
  maxBytes?: number | undefined;
}

/** Options of {@link searchArtifact}. */
export interface ArtifactSearchOptions {
  /** Match regardless of case (default false). */
  ignoreCase?: boolean | undefined;
  /** Matching lines to return at most (default 100, at most 10,000); all are counted. */
  maxMatches?: number | undefined;
  /** Bytes of `text` at most (default 12,288, at least 4,096). */
  maxBytes?: number | undefined;
}

/** One line of an artifact: its 1-based number and its text (escaped, cut when long). */
export interface ArtifactLine {
  /** 1-based line number in the artifact. */
  readonly line: number;
  /** The line as a model may see it: control characters escaped, cut past 1,000 characters. */
  readonly text: string;
}

/** What {@link readArtifactLines} returns. */
export interface ArtifactLines {
  /** The artifact read (verified by the store). */
  readonly record: ArtifactRecord;
  /** The lines returned, in order. */
  readonly lines: readonly ArtifactLine[];
  /** Lines in the whole artifact. */
  readonly totalLines: number;
  /** The offset that continues after the last line returned; absent when the end was reached. */
  readonly nextOffset?: number | undefined;
  /** The lines numbered like `cat -n`, with a last line saying how to continue when there is more. */
  readonly text: string;
}

/** What {@link searchArtifact} returns. */
export interface ArtifactSearchResult {
  /** The artifact searched (verified by the store). */
  readonly record: ArtifactRecord;
  /** The matching lines returned, in order. */
  readonly matches: readonly ArtifactLine[];
  /** Every matching line, including those past `maxMatches` or `maxBytes`. */
  readonly totalMatches: number;
  /** Lines in the whole artifact. */
  readonly totalLines: number;
  /** The matching lines numbered like `cat -n`, with a count of those left out. */
  readonly text: string;
}

const LINE_LIMIT: NumberRule = { kind: 'number', min: 1, max: 10_000, integer: true };
const OUTPUT_BYTES: NumberRule = { kind: 'number', min: 4_096, max: Number.MAX_SAFE_INTEGER, integer: true };

const LINES_OPTIONS: OptionTable<ArtifactLinesOptions> = {
  offset: { kind: 'number', min: 1, max: Number.MAX_SAFE_INTEGER, integer: true },
  limit: LINE_LIMIT,
  maxBytes: OUTPUT_BYTES,
};

const SEARCH_OPTIONS: OptionTable<ArtifactSearchOptions> = {
  ignoreCase: { kind: 'boolean' },
  maxMatches: LINE_LIMIT,
  maxBytes: OUTPUT_BYTES,
};

/** Longest search pattern accepted, in characters. */
const MAX_PATTERN_LENGTH = 1_000;

/**
 * Reads lines `offset` to `offset + limit - 1` of a text artifact of `store`'s session. Lines are
 * what a model pages through, so offset and limit count lines (1-based, like Read), never bytes.
 * Each line is cut at 1,000 characters and control characters are escaped, as in a spill preview;
 * the text stops before `maxBytes`, and `nextOffset` says where to go on. The store's own errors
 * stand: a malformed id is `invalid_request`, an id of no artifact of this session `not_found`.
 * A binary artifact is `invalid_request`: it has no lines.
 */
export async function readArtifactLines(
  store: ReadableArtifactStore,
  id: string,
  options: ArtifactLinesOptions = {},
): Promise<ArtifactLines> {
  checkOptions('readArtifactLines options', options, LINES_OPTIONS, invalidOption);
  const offset = options.offset ?? 1;
  const limit = options.limit ?? DEFAULT_ARTIFACT_READING.limit;
  const maxBytes = options.maxBytes ?? DEFAULT_ARTIFACT_READING.maxBytes;
  const { record, lines: all } = await readTextLines(store, id);
  const lines: ArtifactLine[] = [];
  const rendered: string[] = [];
  let bytes = 0;
  for (let index = offset - 1; index < all.length && lines.length < limit; index += 1) {
    const line = { line: index + 1, text: displayLine(all[index] as string) };
    const numbered = numberedLine(line);
    bytes += Buffer.byteLength(numbered) + 1;
    // Room is kept for the continuation line below.
    if (bytes > maxBytes - 200 && lines.length > 0) break;
    lines.push(line);
    rendered.push(numbered);
  }
  const last = lines.at(-1)?.line ?? offset - 1;
  const nextOffset = lines.length > 0 && last < all.length ? last + 1 : undefined;
  if (lines.length === 0) {
    rendered.push(
      `Artifact ${record.id} has ${formatCount(all.length)} lines; offset ${offset} is past its end.`,
    );
  } else if (nextOffset !== undefined) {
    rendered.push(
      `… ${formatCount(all.length - last)} more lines (of ${formatCount(all.length)}); continue with offset ${nextOffset}`,
    );
  }
  return {
    record,
    lines,
    totalLines: all.length,
    ...(nextOffset === undefined ? {} : { nextOffset }),
    text: rendered.join('\n'),
  };
}

/**
 * Finds the lines of a text artifact of `store`'s session that contain `pattern` — a literal
 * string, not a regular expression, so no pattern can make a search slow — and returns them with
 * their line numbers, at most `maxMatches` of them and `maxBytes` of text; all are counted.
 */
export async function searchArtifact(
  store: ReadableArtifactStore,
  id: string,
  pattern: string,
  options: ArtifactSearchOptions = {},
): Promise<ArtifactSearchResult> {
  if (typeof pattern !== 'string' || pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.InvalidRequest,
      `Invalid search pattern ${JSON.stringify(String(pattern)).slice(0, 100)}: expected a string of 1 to ${MAX_PATTERN_LENGTH} characters, matched literally.`,
      { option: 'pattern' },
    );
  }
  checkOptions('searchArtifact options', options, SEARCH_OPTIONS, invalidOption);
  const maxMatches = options.maxMatches ?? DEFAULT_ARTIFACT_READING.maxMatches;
  const maxBytes = options.maxBytes ?? DEFAULT_ARTIFACT_READING.maxBytes;
  const ignoreCase = options.ignoreCase === true;
  const needle = ignoreCase ? pattern.toLowerCase() : pattern;
  const { record, lines: all } = await readTextLines(store, id);
  const matches: ArtifactLine[] = [];
  const rendered: string[] = [];
  let totalMatches = 0;
  let bytes = 0;
  let full = false;
  for (let index = 0; index < all.length; index += 1) {
    const text = all[index] as string;
    if (!(ignoreCase ? text.toLowerCase() : text).includes(needle)) continue;
    totalMatches += 1;
    if (full) continue;
    const line = { line: index + 1, text: displayLine(text) };
    const numbered = numberedLine(line);
    bytes += Buffer.byteLength(numbered) + 1;
    if (matches.length >= maxMatches || (bytes > maxBytes - 200 && matches.length > 0)) {
      full = true;
      continue;
    }
    matches.push(line);
    rendered.push(numbered);
  }
  if (totalMatches === 0) {
    rendered.push(
      `No line of artifact ${record.id} (${formatCount(all.length)} lines) contains ${JSON.stringify(pattern)}.`,
    );
  } else if (totalMatches > matches.length) {
    rendered.push(
      `… ${formatCount(totalMatches - matches.length)} more matching lines (${formatCount(totalMatches)} in all); search for something narrower, or read from a line with offset.`,
    );
  }
  return { record, matches, totalMatches, totalLines: all.length, text: rendered.join('\n') };
}

/** The artifact's lines (`\n` or CRLF); a final line break ends the last line, it starts no new one. */
async function readTextLines(
  store: ReadableArtifactStore,
  id: string,
): Promise<{ record: ArtifactRecord; lines: string[] }> {
  const { record, bytes } = await store.read(id);
  const text = decodeText(bytes);
  if (text === undefined) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.InvalidRequest,
      `Artifact ${record.id} is binary (${record.mimeType ?? 'unknown type'}, ${formatCount(record.byteLength)} bytes): it has no lines to read or search. Only UTF-8 text artifacts are read as lines.`,
      { option: 'id' },
    );
  }
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return { record, lines: lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)) };
}

/** A line as a model may see it: control characters escaped, cut with a visible marker when long. */
function displayLine(line: string): string {
  const escaped = escapeForPreview(line);
  const max = DEFAULT_ARTIFACT_READING.maxLineCharacters;
  if (escaped.length <= max) return escaped;
  // Never half a surrogate pair.
  const end = /[\ud800-\udbff]/.test(escaped.charAt(max - 1)) ? max - 1 : max;
  return `${escaped.slice(0, end)}… [line cut, ${formatCount(escaped.length)} characters]`;
}

function numberedLine(line: ArtifactLine): string {
  return `${String(line.line).padStart(6, ' ')}\t${line.text}`;
}
