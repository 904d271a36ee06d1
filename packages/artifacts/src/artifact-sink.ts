// The sink and store interfaces are defined once, in @toolwright/spec; SessionArtifactStore
// implements both.
export type { ArtifactSink, ArtifactSinkV1, ArtifactStore, ArtifactStoreV1 } from '@toolwright/spec';
