import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code an {@link OpenAiAgentsBridgeError} carries.
 *
 * - `invalid_option`: an option is unknown, of the wrong type or out of range (the message names
 *   it, says what is accepted and suggests the nearest known name).
 * - `duplicate_tool`: two tools would reach Agents JS under one name (a list names a tool twice);
 *   Agents JS finds a called tool by name, so one of them could never be called.
 * - `unsupported_specification_version`: a tool of an interface version this package does not
 *   speak (the message names both versions).
 */
export const OpenAiAgentsBridgeErrorCode = {
  InvalidOption: 'invalid_option',
  DuplicateTool: 'duplicate_tool',
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
} as const;

/** One of the codes in {@link OpenAiAgentsBridgeErrorCode}. */
export type OpenAiAgentsBridgeErrorCode =
  (typeof OpenAiAgentsBridgeErrorCode)[keyof typeof OpenAiAgentsBridgeErrorCode];

/**
 * The error class of `@toolwright/openai-agents`; a `ToolwrightError` with a marker of its own.
 * It is thrown only while the tools are being set up: once a run is under way, every failure of a
 * call reaches the model as the tool's output instead.
 */
export class OpenAiAgentsBridgeError extends ToolwrightError<OpenAiAgentsBridgeErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<OpenAiAgentsBridgeError>;

  static {
    brandErrorClass(OpenAiAgentsBridgeError, 'toolwright.openai-agents.OpenAiAgentsBridgeError');
  }
}
