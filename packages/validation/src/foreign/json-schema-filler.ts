import type { DefaultFiller } from '../parse/fill-defaults.js';
import { planAcceptsValueType } from '../schema/schema-plan.js';
import { compileLinearPattern } from './linear-regexp.js';

/**
 * `patternProperties` keys of a schema we did not write (a foreign or a library's JSON Schema)
 * are matched with the linear-time engine; a pattern it cannot run matches nothing.
 */
export function linearMatch(pattern: string, key: string): boolean {
  try {
    return compileLinearPattern(pattern).test(key);
  } catch {
    return false;
  }
}

/**
 * Defaults for a schema validated by someone else's code (Ajv, a schema library): without a
 * per-member check, a default follows a union only when the value's type picks one member.
 */
export const JSON_SCHEMA_FILLER: DefaultFiller = {
  matchesPattern: linearMatch,
  pickMember: (members, value) => {
    const candidates = members.filter((member) => planAcceptsValueType(member, value));
    return candidates.length === 1 ? candidates[0] : undefined;
  },
};
