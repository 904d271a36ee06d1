import type { ArtifactReference } from './artifact-reference.js';

/** The classes of failure a tool result can report; an executor and a model both branch on them. */
export type ToolErrorType =
  | 'validation'
  | 'permission_denied'
  | 'execution'
  | 'timeout'
  | 'aborted'
  | 'resource_exhausted'
  | 'not_found';

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

/** A typed failure: what went wrong, in words the model can act on. */
export interface ToolResultError {
  readonly type: ToolErrorType;
  readonly message: string;
  /**
   * A finer, machine-readable reason when the tool has one (e.g. `ENOENT`). Results mapped from
   * blade-code's shape carry `reported_unsuccessful` (`success: false` without an error) or the
   * original error type name (`network_error`); see the README.
   */
  readonly code?: string;
}

/**
 * What a tool returns. `llmContent` is what the model reads; `display` is an optional
 * human-facing rendering; `error` marks a failed call with its class; `artifacts` lists output
 * stored aside; `metadata` carries anything the host wants to keep (never shown to the model);
 * `structuredContent` is the machine-readable value of a tool with an output schema.
 */
export interface ToolResult {
  /** What the model reads. */
  readonly llmContent: string | readonly LlmContentPart[];
  /** A rendering for people, when it differs from `llmContent`. */
  readonly display?: string;
  /**
   * Present when the call failed, and only then: a result without `error` is a success. (A
   * `success: false` flag without an error, as blade-code tools return, is mapped to an error
   * when the invocation runs; it is never read as a success.)
   */
  readonly error?: ToolResultError;
  /** Output stored aside (large or binary parts). */
  readonly artifacts?: readonly ArtifactReference[];
  /** For the host only; never shown to the model. */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /**
   * The result as a JSON object, for hosts and protocols that carry structured output (MCP's
   * `structuredContent`, the AI SDK's tool output). When the tool declares an output schema it
   * has been checked against it before any host sees it. `llmContent` still holds a readable
   * text of it (the tool's own, or a compact JSON rendering), for targets that carry text only.
   */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}
