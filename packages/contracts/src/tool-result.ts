import type { ToolErrorType } from '@toolwright/spec';

export type {
  ArtifactReference,
  LlmContentPart,
  ToolErrorType,
  ToolResult,
  ToolResultError,
} from '@toolwright/spec';

/** Every accepted {@link ToolErrorType}. */
export const TOOL_ERROR_TYPES: readonly ToolErrorType[] = Object.freeze([
  'validation',
  'permission_denied',
  'execution',
  'timeout',
  'aborted',
  'resource_exhausted',
  'not_found',
]);
