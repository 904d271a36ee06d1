/**
 * JSON with object keys sorted by code unit at every level, so that equal values give equal
 * text whatever order their keys came in (a model's arguments, a server's tool definition).
 * `undefined` members are omitted and `undefined` array items become `null`, as
 * `JSON.stringify` does. The input must be plain JSON already bounded in depth.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
  }
  return `{${members.join(',')}}`;
}
