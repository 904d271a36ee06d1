import {
  type ApprovalStoreV1,
  type ArtifactSinkV1,
  asApprovalStoreV1,
  asArtifactSinkV1,
} from '@toolwright/spec';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/** This package and its version line, as refusals of another interface version name it. */
export const EXECUTOR_ACCEPTS = '@toolwright/executor 0.x';

/**
 * The host's `artifactSink` as a v1 sink: a v1 sink as it is, one that says no version wrapped
 * as v1 (sinks written before the field have the v1 shape). Another version is refused with
 * `unsupported_specification_version` naming both, an object without `write` and `spill` with
 * `invalid_option`.
 */
export function adaptArtifactSink(owner: string, sink: unknown): ArtifactSinkV1 | undefined {
  if (sink === undefined) return undefined;
  const adaptation = asArtifactSinkV1(sink, EXECUTOR_ACCEPTS);
  if (adaptation.ok) return adaptation.value;
  throw new ExecutorError(
    adaptation.code === 'unsupported_specification_version'
      ? ExecutorErrorCode.UnsupportedSpecificationVersion
      : ExecutorErrorCode.InvalidOption,
    `${owner}: artifactSink: ${adaptation.message}.`,
  );
}

/**
 * A host's approval `store` as a v1 store, as {@link adaptArtifactSink} does for sinks: a Redis or
 * database store written without the version field is taken through a v1 wrapper; another
 * version, or an object without `get`, `put`, `delete` and `list`, is refused naming why.
 */
export function adaptApprovalStore(owner: string, store: unknown): ApprovalStoreV1 {
  const adaptation = asApprovalStoreV1(store, EXECUTOR_ACCEPTS);
  if (adaptation.ok) return adaptation.value;
  throw new ExecutorError(
    adaptation.code === 'unsupported_specification_version'
      ? ExecutorErrorCode.UnsupportedSpecificationVersion
      : ExecutorErrorCode.InvalidOption,
    `${owner}: store: ${adaptation.message}.`,
  );
}
