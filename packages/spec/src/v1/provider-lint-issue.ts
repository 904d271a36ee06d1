import type { ProviderTarget } from './json-schema.js';

/** One thing a provider would reject (or silently lose) in a tool declaration. */
export interface ProviderLintIssue {
  /** The provider dialect the declaration was checked against. */
  target: ProviderTarget;
  /** The tool, by its declared name. */
  toolName: string;
  /** JSON pointer into `parameters` (`''` for the declaration itself or the schema root). */
  path: string;
  /** What is wrong and what would be accepted. */
  reason: string;
}
