import type { ArtifactReference, ToolResultError } from '@toolwright/contracts';
import type { CallStatus } from '@toolwright/executor';

/** How images in a tool result reach the model. */
export type ImageDelivery =
  /** As image content blocks of the tool message, for providers that read images there. */
  | 'inline'
  /** As a line of text naming the stored artifact (or saying it was not stored). */
  | 'reference';

/**
 * The `artifact` of every tool message a bridged tool returns: what the host may want beside the
 * text the model reads. LangChain keeps it on the `ToolMessage` and never sends it to the model.
 */
export interface ToolwrightToolArtifact {
  /** How the call ended: the executor's status (`success`, `invalid`, `denied`, `not_loaded`, ...). */
  readonly status: CallStatus;
  /** The tool call's id: the tool saw it as `context.toolCallId`. */
  readonly callId: string;
  /**
   * The key the tool saw as `context.idempotencyKey` (the call id and the validated arguments,
   * hashed); absent when the call never got as far as validated arguments.
   */
  readonly idempotencyKey?: string;
  /** Output stored aside: spilled text and stored images. */
  readonly artifacts: readonly ArtifactReference[];
  /** True when some of the text was spilled to the artifact store and only a preview was sent. */
  readonly spilled: boolean;
  /** Present when the call failed, was refused or was invalid: the message has `status: 'error'`. */
  readonly error?: ToolResultError;
  /** The result's structured value, on a success that carried one (`ToolResults.structured`). */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}

/**
 * The tool message a bridged tool returns, as its type is published: a LangChain `ToolMessage`
 * at run time (written out here, since `@langchain/core`'s own declarations do not compile under
 * `exactOptionalPropertyTypes` with `skipLibCheck` off).
 */
export type ToolwrightToolMessage = {
  readonly type: 'tool';
  /** The executor's text, or text and standard image blocks (`{ type: 'image', mimeType, data }`). */
  readonly content: string | ReadonlyArray<Readonly<Record<string, unknown>>>;
  readonly tool_call_id: string;
  /** The tool's name. */
  readonly name?: string | undefined;
  /** `error` for a call that was invalid, refused, not loaded or failed: the model repairs from it. */
  readonly status?: 'success' | 'error' | undefined;
  readonly artifact?: ToolwrightToolArtifact;
};
