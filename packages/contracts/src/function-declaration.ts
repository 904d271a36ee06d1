import type { FunctionDeclaration } from '@toolwright/spec';
import { PROVIDER_TARGETS, type ProviderTarget } from '@toolwright/validation';
import { UnsupportedProviderTargetError } from './errors.js';

// The list of targets is validation's: the dialects exist there, contracts only renders them.
export { PROVIDER_TARGETS };

/**
 * The targets whose tool definitions take example inputs beside the schema: Anthropic's
 * `input_examples`. The others read a tool's structured examples in its description.
 */
export const INPUT_EXAMPLE_TARGETS: readonly ProviderTarget[] = Object.freeze(['anthropic']);

/** True when `value` is one of {@link PROVIDER_TARGETS}. */
export function isProviderTarget(value: unknown): value is ProviderTarget {
  return PROVIDER_TARGETS.includes(value as ProviderTarget);
}

/** Throws {@link UnsupportedProviderTargetError} unless `value` is a known target. */
export function assertProviderTarget(value: unknown): asserts value is ProviderTarget {
  if (!isProviderTarget(value)) {
    throw new UnsupportedProviderTargetError(value, PROVIDER_TARGETS);
  }
}

export type { FunctionDeclaration };

/**
 * Wraps a declaration in its provider's wire format, ready to put in a request's `tools` array:
 *
 * - `openai-chat`: `{ type: 'function', function: { name, description, parameters, strict? } }`
 * - `openai-responses`: `{ type: 'function', name, description, parameters, strict }` (strict is
 *   always sent because the Responses API assumes `true` when it is missing)
 * - `anthropic`: `{ name, description, input_schema, input_examples? }` (examples when the tool has
 *   structured ones)
 * - `gemini` and `json-schema`: `{ name, description, parameters }`
 *
 * Throws {@link UnsupportedProviderTargetError} for an unknown target.
 */
export function toProviderToolFormat(declaration: FunctionDeclaration): Record<string, unknown> {
  const { name, description, parameters, target } = declaration;
  assertProviderTarget(target);
  switch (target) {
    case 'openai-chat':
      return {
        type: 'function',
        function:
          declaration.strict === undefined
            ? { name, description, parameters }
            : { name, description, parameters, strict: declaration.strict },
      };
    case 'openai-responses':
      return { type: 'function', name, description, parameters, strict: declaration.strict ?? false };
    case 'anthropic':
      return declaration.inputExamples === undefined
        ? { name, description, input_schema: parameters }
        : { name, description, input_schema: parameters, input_examples: declaration.inputExamples };
    case 'gemini':
    case 'json-schema':
      return { name, description, parameters };
  }
}
