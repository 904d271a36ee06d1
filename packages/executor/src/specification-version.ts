import {
  type Adaptation,
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
  return adaptedOrRefused(owner, 'artifactSink', asArtifactSinkV1(sink, EXECUTOR_ACCEPTS));
}

/**
 * A host's approval `store` as a v1 store, as {@link adaptArtifactSink} does for sinks: a Redis or
 * database store written without the version field is taken through a v1 wrapper; another
 * version, or an object without `get`, `put`, `delete` and `list`, is refused naming why.
 */
export function adaptApprovalStore(owner: string, store: unknown): ApprovalStoreV1 {
  return adaptedOrRefused(owner, 'store', asApprovalStoreV1(store, EXECUTOR_ACCEPTS));
}

/**
 * What an adapter made of a host's `option`, or the executor's refusal of it: another version is
 * `unsupported_specification_version` naming both, anything else `invalid_option`.
 */
function adaptedOrRefused<T>(owner: string, option: string, adaptation: Adaptation<T>): T {
  if (adaptation.ok) return adaptation.value;
  throw new ExecutorError(
    adaptation.code === 'unsupported_specification_version'
      ? ExecutorErrorCode.UnsupportedSpecificationVersion
      : ExecutorErrorCode.InvalidOption,
    `${owner}: ${option}: ${adaptation.message}.`,
  );
}
