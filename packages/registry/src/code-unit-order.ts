/**
 * Orders strings by UTF-16 code unit, the order `<` gives. Unlike `localeCompare` it does not depend
 * on the host's ICU data or locale, so the same catalog yields the same bytes everywhere and a
 * provider's prompt cache keeps hitting.
 */
export function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
