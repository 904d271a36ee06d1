import type { ArtifactReference } from './artifact-reference.js';

/** What a tool hands a sink: `bytes` as given (a string is stored as UTF-8). */
export interface ArtifactWriteRequest {
  /** What the artifact is, e.g. `image`, `mcp-resource`, `tool-output` (1 to 128 printable characters). */
  kind: string;
  /** The content; a string is stored as UTF-8 and must be well-formed UTF-16 (no lone surrogate). */
  bytes: Uint8Array | string;
  /** `type/subtype`; parameters such as `; charset=utf-8` are dropped. Chooses the file extension. */
  mimeType?: string | undefined;
  /** Where the content came from (a resource URI, a URL), kept as metadata only (at most 4,096 characters). */
  sourceUri?: string | undefined;
}

/** Options of `spill()`; byte counts are of the UTF-8 encoding. */
export interface SpillOptions {
  /** Content up to this many bytes is returned unchanged (default 32,768). */
  thresholdBytes?: number | undefined;
  /** At most this many bytes of the start are kept in the preview (default 8,192). */
  headBytes?: number | undefined;
  /** At most this many bytes of the end are kept in the preview (default 4,096). */
  tailBytes?: number | undefined;
  /** Kind of the stored artifact (default `tool-output`). */
  kind?: string | undefined;
  /** MIME type of the stored artifact (default `text/plain`, or `application/octet-stream` for binary). */
  mimeType?: string | undefined;
}

/** What `spill()` returns. */
export interface SpillResult {
  /** True when the content was stored and `preview` is a head-and-tail excerpt. */
  readonly spilled: boolean;
  /** The content itself (not spilled), or head + marker line + tail (spilled). */
  readonly preview: string;
  /** The stored artifact, when spilled. */
  readonly artifact?: ArtifactReference | undefined;
  /** Bytes of the content that the preview leaves out (0 when not spilled). */
  readonly omittedBytes: number;
}

/**
 * Where a host's packages store what does not belong inline in a conversation, version 1:
 * `write` for binary or whole items, `spill` for large text with a head-and-tail preview.
 * `SessionArtifactStore` of `@toolwright/artifacts` implements it; `@toolwright/executor` and
 * `@toolwright/mcp-adapter` take one. A breaking change adds `ArtifactSinkV2` beside it.
 */
export interface ArtifactSinkV1 {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /** Stores one item and returns its reference (the same bytes give the same id). */
  write(request: ArtifactWriteRequest): Promise<ArtifactReference>;
  /** Stores `content` when it is over the threshold and returns its preview. */
  spill(content: string | Uint8Array, options?: SpillOptions): Promise<SpillResult>;
}

/** The current version of the sink interface: {@link ArtifactSinkV1}. */
export type ArtifactSink = ArtifactSinkV1;
