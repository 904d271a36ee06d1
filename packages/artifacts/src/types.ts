import type { ArtifactLimits } from './options.js';

/** What a tool hands the store: `bytes` as given (a string is stored as UTF-8). */
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

/** A stored artifact. `id` is the SHA-256 of its bytes (64 lowercase hex digits). */
export interface ArtifactRecord {
  /** SHA-256 of the bytes, lowercase hex. */
  id: string;
  /** The kind given when it was first written (`unknown` if its metadata was lost). */
  kind: string;
  /** The normalised MIME type, if one was given. */
  mimeType?: string;
  /** Size in bytes. */
  byteLength: number;
  /** Absolute path of the file (`<root>/<namespace>/<sha256(session)>/<id><ext>`). */
  path: string;
  /** The source URI given when it was first written, if any. */
  sourceUri?: string;
  /** True when this write found the same bytes already stored (after re-verifying them). */
  deduplicated: boolean;
}

/** What `read(id)` returns: the record and the verified bytes. */
export interface ArtifactReadResult {
  record: ArtifactRecord;
  bytes: Buffer;
}

/** A snapshot of one session's usage as last seen by this store instance. */
export interface ArtifactStoreStats {
  /** Artifacts in the session (all processes), as of this instance's last locked operation. */
  items: number;
  /** Bytes in the session (all processes), as of this instance's last locked operation. */
  bytes: number;
  /** The limits in force. */
  limits: Readonly<ArtifactLimits>;
  /** New files this instance published. */
  writes: number;
  /** Writes this instance answered with an already stored, re-verified file. */
  deduplicatedHits: number;
  /** Absolute path of the session directory. */
  sessionDirectory: string;
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
  spilled: boolean;
  /** The content itself (not spilled), or head + marker line + tail (spilled). */
  preview: string;
  /** The stored artifact, when spilled. */
  artifact?: ArtifactRecord;
  /** Bytes of the content that the preview leaves out (0 when not spilled). */
  omittedBytes: number;
}
