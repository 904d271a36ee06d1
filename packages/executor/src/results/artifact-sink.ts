// The sink interface is defined once, in @toolwright/spec; the executor takes any v1 sink (a
// `SessionArtifactStore` of @toolwright/artifacts is one) and adapts one that says no version.
export type { ArtifactSink, ArtifactSinkV1 } from '@toolwright/spec';
