import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/** Why a model stream failed, beside the SDKs' own errors (HTTP status, dropped connection). */
export const ModelStreamErrorCode = {
  /** The stream ended cleanly but before the provider's end-of-message marker: a cut response. */
  Incomplete: 'model_stream_incomplete',
  /** The provider reported a failure inside the stream (an `error` or `response.failed` event). */
  Failed: 'model_stream_failed',
  /** The events broke the stream protocol (a delta for a call that never started, ...). */
  Invalid: 'model_stream_invalid',
} as const;

/** One of {@link ModelStreamErrorCode}. */
export type ModelStreamErrorCode = (typeof ModelStreamErrorCode)[keyof typeof ModelStreamErrorCode];

/**
 * A streamed model message that cannot be trusted as complete. It extends `ToolwrightError`, so
 * `ToolwrightError.isInstance` recognises it and `code` is a stable string to match on.
 */
export class ModelStreamError extends ToolwrightError {
  override readonly code: ModelStreamErrorCode;

  /** True for a `ModelStreamError` only, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ModelStreamError>;

  static {
    brandErrorClass(ModelStreamError, 'toolwright.example-agent.ModelStreamError');
  }

  constructor(code: ModelStreamErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.code = code;
  }
}
