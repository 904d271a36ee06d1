import type { ArtifactRecord, ArtifactWriteRequest, SpillOptions, SpillResult } from './types.js';

/**
 * Where a host's packages store what does not belong inline in a conversation, version 1:
 * `write` for binary or whole items, `spill` for large text with a head-and-tail preview.
 * `SessionArtifactStore` implements it; a host may pass its own implementation to the packages
 * that take a sink (`@toolwright/mcp-adapter`, `@toolwright/executor`, which calls a part of it).
 * A breaking change would add `ArtifactSinkV2` beside it (see VERSIONING.md).
 */
export interface ArtifactSinkV1 {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /** Stores one item (see `SessionArtifactStore.write`). */
  write(request: ArtifactWriteRequest): Promise<ArtifactRecord>;
  /** Stores `content` when it is over the threshold and returns its preview (see `SessionArtifactStore.spill`). */
  spill(content: string | Uint8Array, options?: SpillOptions): Promise<SpillResult>;
}

/** The current version of the sink interface: {@link ArtifactSinkV1}. */
export type ArtifactSink = ArtifactSinkV1;
