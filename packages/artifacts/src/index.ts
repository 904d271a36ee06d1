// Their home is @toolwright/utils/private-files; exported here too, so that imports from this package keep working.
export { PrivateDirectory, userStateDirectory } from '@toolwright/utils/private-files';
export { checkArtifactId } from './artifact-id.js';
export {
  type ArtifactLine,
  type ArtifactLines,
  type ArtifactLinesOptions,
  type ArtifactSearchOptions,
  type ArtifactSearchResult,
  DEFAULT_ARTIFACT_READING,
  type ReadableArtifactStore,
  readArtifactLines,
  searchArtifact,
} from './artifact-reading.js';
export type { ArtifactSink, ArtifactSinkV1, ArtifactStore, ArtifactStoreV1 } from './artifact-sink.js';
export type { ArtifactStoreErrorDetails } from './errors.js';
export { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
export { type HeadAndTail, headAndTail } from './head-and-tail.js';
export { DEFAULT_MIME_EXTENSIONS } from './mime-extensions.js';
export type { ArtifactLimits, SessionArtifactStoreOptions } from './options.js';
export { ARTIFACT_NAMESPACE_PATTERN, DEFAULT_ARTIFACT_LIMITS, READ_BACK_TOOL_PATTERN } from './options.js';
export { checkItemSize, checkSessionQuota, type SessionUsage } from './quota.js';
export { runRequestHook } from './request-hook.js';
export { SessionArtifactStore } from './session-artifact-store.js';
export { type SpillResultOf, spillContent } from './spill.js';
export { DEFAULT_SPILL_OPTIONS } from './spill-options.js';
export { READ_ARTIFACT_TOOL_NAME } from './spill-preview.js';
export type {
  ArtifactReadResult,
  ArtifactRecord,
  ArtifactStoreStats,
  ArtifactWriteRequest,
  SpillOptions,
  SpillResult,
} from './types.js';
export { type NormalisedWriteRequest, normaliseWriteRequest } from './write-request.js';
