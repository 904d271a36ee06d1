import { describeSpecificationVersionProblem } from '@toolwright/utils';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/** This package and its version line, as refusals of another interface version name it. */
export const EXECUTOR_ACCEPTS = '@toolwright/executor 0.x';

/** Refuses an `artifactSink` that says it implements another version of the sink interface. */
export function checkArtifactSinkVersion(owner: string, sink: unknown): void {
  const problem = describeSpecificationVersionProblem('ArtifactSink', sink, EXECUTOR_ACCEPTS);
  if (problem !== undefined)
    throw new ExecutorError(
      ExecutorErrorCode.UnsupportedSpecificationVersion,
      `${owner}: artifactSink: ${problem}.`,
    );
}
