import type { ArtifactStoreV1 } from '@toolwright/artifacts';
import type { ArtifactReference } from '@toolwright/contracts';

/**
 * What a session needs of its artifact store, whichever it is (`SessionArtifactStore` in the
 * state directory, `RedisArtifactStore` for a fleet): the executor spills into it, ReadArtifact
 * reads back through `read(id)`, and a listing shows what the session holds. Records are the
 * spec's references: where the bytes live (a file path, a Redis key) is the store's business.
 */
export interface SessionArtifacts extends ArtifactStoreV1 {
  list(): Promise<readonly ArtifactReference[]>;
}

/** Who stores artifacts and for which session: what names a session's artifacts in any store. */
export interface ArtifactScope {
  readonly namespace: string;
  readonly sessionId: string;
}
