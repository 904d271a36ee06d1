import type { SessionArtifactStore } from '@toolwright/artifacts';

/**
 * The part of `SessionArtifactStore` the adapter uses: `write` for binary parts and `spill`
 * for large text. Any `SessionArtifactStore` fits; a host may pass its own implementation.
 */
export type McpArtifactSink = Pick<SessionArtifactStore, 'write' | 'spill'>;
