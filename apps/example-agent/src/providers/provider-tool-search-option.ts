import { type ProviderToolSearchVariant, providerToolSearchVariants } from '@toolwright/registry';
import { didYouMean, previewValue } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import { AgentError, AgentErrorCode } from '../errors.js';

/**
 * A provider's `toolSearch` option when absent or one of its target's own search variants
 * (`regex`/`bm25` for Anthropic, `hosted` for OpenAI Responses); anything else throws
 * `option_invalid`, naming what that provider accepts.
 */
export function checkedToolSearch(
  owner: string,
  target: ProviderTarget,
  value: unknown,
): ProviderToolSearchVariant | undefined {
  const accepted = providerToolSearchVariants(target);
  if (value === undefined || accepted.includes(value as ProviderToolSearchVariant)) {
    return value as ProviderToolSearchVariant | undefined;
  }
  const hint = typeof value === 'string' ? didYouMean(value, accepted) : '';
  const choices = accepted.map((variant) => JSON.stringify(variant)).join(' or ');
  throw new AgentError(
    AgentErrorCode.OptionInvalid,
    `${owner}: toolSearch must be ${choices}${hint}; got ${previewValue(value)}.`,
  );
}
