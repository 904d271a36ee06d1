import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code an {@link AiSdkBridgeError} carries.
 *
 * - `invalid_option`: an option is unknown, of the wrong type or out of range (the message names
 *   it, says what is accepted and suggests the nearest known name).
 * - `duplicate_tool`: a list of tools names one tool twice; a `ToolSet` is keyed by name, so one
 *   of them would silently disappear.
 */
export const AiSdkBridgeErrorCode = {
  InvalidOption: 'invalid_option',
  DuplicateTool: 'duplicate_tool',
  /** A tool of an interface version this package does not speak (the message names both versions). */
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
  /**
   * AI SDK 7: a tool's `toolsContext` entry is not an object of execution-context fields (the
   * SDK reports it as the cause of its `TypeValidationError` and the run stops).
   */
  InvalidToolContext: 'invalid_tool_context',
} as const;

/** One of the codes in {@link AiSdkBridgeErrorCode}. */
export type AiSdkBridgeErrorCode = (typeof AiSdkBridgeErrorCode)[keyof typeof AiSdkBridgeErrorCode];

/**
 * The error class of `@toolwright/ai-sdk`; a `ToolwrightError` with a marker of its own. It is
 * thrown while a `ToolSet` or a step helper is being set up, and for a host's own mistake in a
 * run (a tool context that is no object); every failure of a call reaches the model as a tool
 * error instead.
 */
export class AiSdkBridgeError extends ToolwrightError<AiSdkBridgeErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<AiSdkBridgeError>;

  static {
    brandErrorClass(AiSdkBridgeError, 'toolwright.ai-sdk.AiSdkBridgeError', {
      formerKeys: ['toolwright.ai-sdk-bridge-error'],
    });
  }
}
