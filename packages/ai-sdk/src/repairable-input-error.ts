import { ToolResults, type ToolValidationError } from '@toolwright/contracts';
import { TypeValidationError } from 'ai';

/**
 * The error a bridged tool's schema reports for input toolwright refused: an AI SDK
 * `TypeValidationError` (so the SDK treats the call as an invalid tool call and sends the model a
 * tool error to repair from) whose message is toolwright's own — the issues with their JSON
 * pointers, what is accepted, the nearest property name — in the executor's wording.
 *
 * The SDK keeps a `TypeValidationError` for the same value as it is, and the model then reads
 * `Invalid input for tool <name>: <toolwright's message>`. Its default message would also echo
 * the whole input back ("Value: {...}"), up to the 1 MiB arguments cap, which costs tokens and
 * tells the model nothing toolwright's message does not. `cause` keeps the `ToolValidationError`
 * and its issues for the host.
 *
 * AI SDK 7 words the cause with `toString()` rather than `message` (`Invalid input for tool <name>:
 * AI_TypeValidationError: ...`), so `toString()` is the message alone too: the model reads the same
 * text with either major.
 */
export function repairableInputError(value: unknown, error: ToolValidationError): TypeValidationError {
  const wrapped = new TypeValidationError({ value, cause: error });
  Object.defineProperty(wrapped, 'message', {
    value: ToolResults.validationError(error).error?.message ?? error.message,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  Object.defineProperty(wrapped, 'toString', {
    value: function messageOnly(this: Error): string {
      return this.message;
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
  return wrapped;
}
