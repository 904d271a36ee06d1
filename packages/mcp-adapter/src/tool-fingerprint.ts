import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted by code unit at every level, so that two servers (or two
 * refreshes) sending the same definition with keys in another order produce the same bytes.
 * `undefined` members are omitted, as `JSON.stringify` does. The input must be plain JSON
 * already bounded in depth (the catalog screen checks depth before this runs).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
  }
  return `{${members.join(',')}}`;
}

/** The parts of an MCP tool definition its fingerprint covers. */
export interface FingerprintedDefinition {
  readonly name: string;
  readonly description: string | undefined;
  readonly inputSchema: unknown;
  readonly annotations: unknown;
}

/**
 * sha256 (hex) over the canonical JSON of name, description, input schema and annotations:
 * a server that changes what a tool says or accepts (a "rug pull") changes its fingerprint,
 * which the catalog reports as `updated`.
 */
export function fingerprintToolDefinition(definition: FingerprintedDefinition): string {
  const canonical = canonicalJson({
    annotations: definition.annotations ?? null,
    description: definition.description ?? null,
    inputSchema: definition.inputSchema ?? null,
    name: definition.name,
  });
  return createHash('sha256').update(canonical).digest('hex');
}
