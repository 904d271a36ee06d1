/** The classes of failure a tool result can report; an executor and a model both branch on them. */
export type ToolErrorType =
  | 'validation'
  | 'permission_denied'
  | 'execution'
  | 'timeout'
  | 'aborted'
  | 'resource_exhausted'
  | 'not_found';

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

/** One part of what the model reads back from a tool. */
export type LlmContentPart =
  | { readonly type: 'text'; readonly text: string }
  /** Base64 image data, only when small enough to inline; larger images become artifacts. */
  | { readonly type: 'image'; readonly mimeType: string; readonly data: string }
  /** Content stored privately (see `@toolwright/artifacts`), with an optional preview. */
  | {
      readonly type: 'artifact';
      readonly artifactId: string;
      readonly mimeType?: string;
      readonly byteLength: number;
      readonly preview?: string;
    };

/** A reference to output kept out of the model's context, stored by content hash. */
export interface ArtifactReference {
  readonly id: string;
  readonly kind: string;
  readonly mimeType?: string;
  readonly byteLength: number;
  readonly sourceUri?: string;
}

/** A typed failure: what went wrong, in words the model can act on. */
export interface ToolResultError {
  readonly type: ToolErrorType;
  readonly message: string;
}

/**
 * What a tool returns. `llmContent` is what the model reads; `display` is an optional
 * human-facing rendering; `error` marks a failed call with its class; `artifacts` lists output
 * stored aside; `metadata` carries anything the host wants to keep (never shown to the model).
 */
export interface ToolResult {
  readonly llmContent: string | readonly LlmContentPart[];
  readonly display?: string;
  readonly error?: ToolResultError;
  readonly artifacts?: readonly ArtifactReference[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}
