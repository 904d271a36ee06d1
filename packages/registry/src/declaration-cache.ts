import { didYouMean } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import type { DeclarationSet, ToolMode } from './declaration-set.js';
import { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

const TOOL_MODES: readonly ToolMode[] = ['default', 'plan'];

/**
 * The limit for a declaration request, after refusing an unknown mode or target
 * (`invalid_option`, naming what is accepted).
 */
export function limitForRequest(
  mode: ToolMode,
  target: ProviderTarget,
  limits: Readonly<Record<ProviderTarget, number>>,
): number {
  if (!TOOL_MODES.includes(mode)) {
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `Unknown mode ${JSON.stringify(mode)}${typeof mode === 'string' ? didYouMean(mode, TOOL_MODES) : ''}; ` +
        `accepted: ${TOOL_MODES.join(', ')}.`,
    );
  }
  const limit = limits[target];
  if (!Object.hasOwn(limits, target) || limit === undefined) {
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `Unknown provider target ${JSON.stringify(target)}` +
        `${typeof target === 'string' ? didYouMean(target, Object.keys(PROVIDER_TOOL_LIMITS)) : ''}; ` +
        `accepted: ${Object.keys(PROVIDER_TOOL_LIMITS).join(', ')}.`,
    );
  }
  return limit;
}

/**
 * The declaration sets computed at one revision, by mode and request key (the target, and the
 * provider search variant when one was asked for). An agent asks on every request and the answer
 * rarely changes, so the lookup is the whole warm path; the first lookup at a new revision
 * forgets every set of the old one.
 */
export class DeclarationCache {
  readonly #sets = new Map<ToolMode, Map<string, DeclarationSet>>();
  #revision = -1;

  /** The set cached for `mode` and `key` at `revision`, if any. */
  get(mode: ToolMode, key: string, revision: number): DeclarationSet | undefined {
    if (this.#revision === revision) return this.#sets.get(mode)?.get(key);
    this.#sets.clear();
    this.#revision = revision;
    return undefined;
  }

  /** Remembers a set computed at the current revision (the one of the last `get`) under `key`. */
  set(key: string, set: DeclarationSet): void {
    let byKey = this.#sets.get(set.mode);
    if (byKey === undefined) {
      byKey = new Map();
      this.#sets.set(set.mode, byKey);
    }
    byKey.set(key, set);
  }
}
