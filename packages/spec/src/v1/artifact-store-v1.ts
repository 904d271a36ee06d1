import type { ArtifactReference } from './artifact-reference.js';
import type { ArtifactSinkV1 } from './artifact-sink-v1.js';

/** What `read(id)` of an {@link ArtifactStoreV1} returns: the reference and the verified bytes. */
export interface ArtifactReadResultV1 {
  readonly record: ArtifactReference;
  readonly bytes: Uint8Array;
}

/**
 * A sink that also gives stored items back by id, version 1: what a package needs that serves
 * artifacts again (`@toolwright/mcp-server` answers `resources/read` for the `resource_link`s it
 * returned). Reading is a separate interface so that a package that only stores asks no more of
 * a host than `write` and `spill`. `SessionArtifactStore` implements both.
 */
export interface ArtifactStoreV1 extends ArtifactSinkV1 {
  /** The bytes of an artifact and its reference; rejects when there is no such artifact. */
  read(id: string): Promise<ArtifactReadResultV1>;
}

/** The current version of the store interface: {@link ArtifactStoreV1}. */
export type ArtifactStore = ArtifactStoreV1;
