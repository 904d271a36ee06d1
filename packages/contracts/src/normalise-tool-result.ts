import { formatValue } from './format-value.js';
import {
  TOOL_ERROR_TYPES,
  type ToolErrorType,
  type ToolResult,
  type ToolResultError,
} from './tool-result.js';

/**
 * The error types of tools written for blade-code, by the name they are reported under here.
 * blade-code has no `not_found`, `aborted` or `resource_exhausted`, and its `network_error` is a
 * failure of the call itself; the original name is kept as the error's `code`.
 */
const PORTED_ERROR_TYPES: Readonly<Record<string, ToolErrorType>> = Object.freeze({
  validation_error: 'validation',
  execution_error: 'execution',
  timeout_error: 'timeout',
  network_error: 'execution',
});

/** The `code` of the error given to a `{ success: false }` result that carried none. */
export const REPORTED_UNSUCCESSFUL = 'reported_unsuccessful';

const NO_MESSAGE = 'The tool reported success: false without an error or any text saying why.';

/** A normalised result, or why the value is not one. */
export type ToolResultCheck =
  | { readonly result: ToolResult; readonly problem?: undefined }
  | { readonly result?: undefined; readonly problem: string };

/** The text a model reads in `llmContent`: the string, or the text parts joined by lines. */
function textOf(llmContent: ToolResult['llmContent']): string {
  if (typeof llmContent === 'string') {
    return llmContent.trim();
  }
  return llmContent
    .map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text.trim() : ''))
    .filter(Boolean)
    .join('\n');
}

function checkError(error: unknown): ToolResultError | string {
  if (typeof error !== 'object' || error === null) {
    return `error is ${formatValue(error)}; expected { type, message }`;
  }
  const { type, message, code } = error as { type?: unknown; message?: unknown; code?: unknown };
  if (typeof message !== 'string') {
    return `error.message is ${formatValue(message)}; expected a string`;
  }
  if (code !== undefined && typeof code !== 'string') {
    return `error.code is ${formatValue(code)}; expected a string (or leave it out)`;
  }
  if (TOOL_ERROR_TYPES.includes(type as ToolErrorType)) {
    return error as ToolResultError;
  }
  const ported =
    typeof type === 'string' && Object.hasOwn(PORTED_ERROR_TYPES, type)
      ? PORTED_ERROR_TYPES[type]
      : undefined;
  if (ported === undefined) {
    return `error.type is ${formatValue(type)}; expected one of ${TOOL_ERROR_TYPES.join(', ')}`;
  }
  return Object.freeze({ type: ported, message, code: code ?? (type as string) });
}

/**
 * Checks what a tool's `execute` resolved to and maps a blade-code-style result onto the
 * contract, so that a failure can never pass for a success:
 *
 * - `llmContent` must be a string or an array of parts.
 * - `success`, when present, must be a boolean. `success: false` without an `error` becomes an
 *   `execution` error with code `reported_unsuccessful` whose message is the result's text (its
 *   `llmContent`), or a sentence saying the tool gave no reason. `success: true` beside an
 *   `error` is refused: the two contradict each other and neither may win silently.
 * - An `error` needs a string `message` and a known `type`; blade-code's `validation_error`,
 *   `execution_error`, `timeout_error` and `network_error` are mapped to `validation`,
 *   `execution`, `timeout` and `execution`, keeping the original name as `code` when the error
 *   had none.
 *
 * A result that needs no mapping is returned as it is (the same object); a mapped one is a new
 * frozen result without `success`.
 */
export function checkToolResult(value: unknown): ToolResultCheck {
  if (typeof value !== 'object' || value === null) {
    return { problem: `it is ${formatValue(value)}, not an object` };
  }
  const candidate = value as { llmContent?: unknown; error?: unknown; success?: unknown };
  const { llmContent, error, success } = candidate;
  if (typeof llmContent !== 'string' && !Array.isArray(llmContent)) {
    return { problem: `llmContent is ${formatValue(llmContent)}; expected a string or an array of parts` };
  }
  const { structuredContent } = value as { structuredContent?: unknown };
  if (
    structuredContent !== undefined &&
    (typeof structuredContent !== 'object' || structuredContent === null || Array.isArray(structuredContent))
  ) {
    return {
      problem: `structuredContent is ${formatValue(structuredContent)}; expected a JSON object (or leave it out)`,
    };
  }
  if (success !== undefined && typeof success !== 'boolean') {
    return { problem: `success is ${formatValue(success)}; expected true or false (or leave it out)` };
  }
  if (error === undefined) {
    if (success !== false) {
      return { result: value as ToolResult };
    }
    const { success: _reported, ...rest } = candidate;
    const message = textOf(llmContent as ToolResult['llmContent']) || NO_MESSAGE;
    return {
      result: Object.freeze({
        ...rest,
        error: Object.freeze({ type: 'execution' as const, message, code: REPORTED_UNSUCCESSFUL }),
      }) as ToolResult,
    };
  }
  if (success === true) {
    return {
      problem: 'success is true but an error is present; a result reports success or an error, not both',
    };
  }
  const checked = checkError(error);
  if (typeof checked === 'string') {
    return { problem: checked };
  }
  if (checked === error && success === undefined) {
    return { result: value as ToolResult };
  }
  const { success: _reported, ...rest } = candidate;
  return { result: Object.freeze({ ...rest, error: checked }) as ToolResult };
}

/**
 * The result as the contract has it (see {@link checkToolResult}), or `undefined` when `value`
 * cannot be read as a result at all.
 */
export function normaliseToolResult(value: unknown): ToolResult | undefined {
  return checkToolResult(value).result;
}
