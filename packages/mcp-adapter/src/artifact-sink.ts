import type { ArtifactSinkV1 } from '@toolwright/artifacts';

/**
 * Where the adapter stores binary parts (`write`) and large text (`spill`): the versioned
 * `ArtifactSinkV1` of `@toolwright/artifacts`. Any `SessionArtifactStore` fits; a host may pass
 * its own implementation, which says `specificationVersion: 'v1'`.
 */
export type McpArtifactSink = ArtifactSinkV1;
