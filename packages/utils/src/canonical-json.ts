/**
 * JSON with object keys sorted by code unit at every level, so that equal values give equal
 * text whatever order their keys came in (a model's arguments, a server's tool definition).
 * `undefined` members are omitted and `undefined` array items become `null`, as
 * `JSON.stringify` does. The input must be plain JSON already bounded in depth.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Appended to one string rather than joined from a list per level: every MCP tool definition
  // of a catalog is fingerprinted through here, so the intermediate arrays add up.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      text += `${index === 0 ? '' : ','}${canonicalJson(value[index] ?? null)}`;
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${text}}`;
}
