import type { ArtifactReference, SpillResult as SinkSpillResult } from '@toolwright/spec';
import type { ArtifactLimits } from './options.js';

export type { ArtifactWriteRequest, SpillOptions } from '@toolwright/spec';

/**
 * A stored artifact: the spec's `ArtifactReference` (what every sink returns) with where this
 * store keeps it. `id` is the SHA-256 of its bytes (64 lowercase hex digits); `kind` is the one
 * given when it was first written (`unknown` if its metadata was lost), `mimeType` normalised.
 */
export interface ArtifactRecord extends ArtifactReference {
  /** Absolute path of the file (`<root>/<namespace>/<sha256(session)>/<id><ext>`). */
  readonly path: string;
  /** True when this write found the same bytes already stored (after re-verifying them). */
  readonly deduplicated: boolean;
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

/** What `SessionArtifactStore.spill()` returns: the spec's `SpillResult`, with this store's record. */
export interface SpillResult extends SinkSpillResult {
  /** The stored artifact, when spilled. */
  readonly artifact?: ArtifactRecord | undefined;
}
