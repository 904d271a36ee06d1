import type { ArtifactSinkV1 } from '@toolwright/spec';

/**
 * Where the adapter stores binary parts (`write`) and large text (`spill`): any v1 sink of
 * `@toolwright/spec`, such as a `SessionArtifactStore`.
 *
 * @deprecated use `ArtifactSinkV1` (re-exported by this package from `@toolwright/spec`); removed in the next minor.
 */
export type McpArtifactSink = ArtifactSinkV1;
