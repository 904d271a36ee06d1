import type { ArtifactReference, ToolResultError } from '@toolwright/contracts';
import type { CallStatus } from '@toolwright/executor';

/** How images in a tool result reach the model. */
export type ImageDelivery =
  /** As image content of the tool result (`image-data`), for providers that read images there. */
  | 'inline'
  /** As a line of text naming the stored artifact (or saying it was not stored). */
  | 'reference';

/** An image the model receives with a tool result. */
export interface ToolOutputImage {
  /** IANA media type, e.g. `image/png`. */
  readonly mediaType: string;
  /** Base64 data. */
  readonly data: string;
}

/**
 * What a bridged tool's `execute` resolves to: plain JSON, so it can sit in UI messages and be
 * turned into the model's form again later by `convertToModelMessages`. `toModelOutput` maps it
 * to an AI SDK tool result: `error-text` when `error` is set, `content` with `image-data` parts
 * when there are images, `text` otherwise.
 */
export interface ToolwrightToolOutput {
  /** How the call ended: the executor's status, or the same vocabulary without one. */
  readonly status: CallStatus;
  /** The AI SDK's `toolCallId` of the call: the tool saw it as `context.toolCallId`. */
  readonly callId: string;
  /**
   * The key the tool saw as `context.idempotencyKey` (the call id and the validated arguments,
   * hashed); absent when the call never got as far as validated arguments.
   */
  readonly idempotencyKey?: string;
  /** What the model reads: the result's text, a spilled preview naming its artifact, image references. */
  readonly text: string;
  /** Images sent to the model with the text (empty unless images are delivered `inline`). */
  readonly images: readonly ToolOutputImage[];
  /** Output stored aside: spilled text and stored images. */
  readonly artifacts: readonly ArtifactReference[];
  /** True when some of the text was spilled to the artifact store and only a preview is here. */
  readonly spilled: boolean;
  /** Present when the call failed, was refused or was invalid: the model gets a tool error. */
  readonly error?: ToolResultError;
  /**
   * The result's structured value, on a success that carried one (`ToolResults.structured`);
   * checked against the tool's output schema when the call ran. The model reads `text`.
   */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}
