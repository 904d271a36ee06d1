import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code a {@link LangChainBridgeError} carries.
 *
 * - `invalid_option`: an option is unknown, of the wrong type or out of range (the message names
 *   it, says what is accepted and suggests the nearest known name).
 * - `duplicate_tool`: a list of tools names one tool twice; LangChain finds a tool by its name,
 *   so one of them would never run.
 * - `unsupported_specification_version`: a tool made by a `createTool` of another interface
 *   version (the message names both versions).
 */
export const LangChainBridgeErrorCode = {
  InvalidOption: 'invalid_option',
  DuplicateTool: 'duplicate_tool',
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
} as const;

/** One of the codes in {@link LangChainBridgeErrorCode}. */
export type LangChainBridgeErrorCode =
  (typeof LangChainBridgeErrorCode)[keyof typeof LangChainBridgeErrorCode];

/**
 * The error class of `@toolwright/langchain`; a `ToolwrightError` with a marker of its own. It is
 * thrown only while tools or the middleware are being set up: once an agent runs, every failure
 * of a call reaches the model as an error tool message instead.
 */
export class LangChainBridgeError extends ToolwrightError<LangChainBridgeErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<LangChainBridgeError>;

  static {
    brandErrorClass(LangChainBridgeError, 'toolwright.langchain.LangChainBridgeError');
  }
}
