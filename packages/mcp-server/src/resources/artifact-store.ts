import type { ArtifactReference, ArtifactStoreV1 } from '@toolwright/spec';

/**
 * What this server keeps of a stored artifact.
 *
 * @deprecated use `ArtifactReference` (re-exported by this package from `@toolwright/spec`); removed in the next minor.
 */
export type McpArtifactRecord = ArtifactReference;

/**
 * Where large and binary tool output is kept and served from as `resources/read`.
 *
 * @deprecated use `ArtifactStoreV1` (re-exported by this package from `@toolwright/spec`); removed in the next minor.
 */
export type McpArtifactStore = ArtifactStoreV1;
