import crypto from 'node:crypto';
import { canonicalJson } from '@toolwright/utils';

/**
 * The one-shot `crypto.hash` where Node has it (20.12 on): a Hash object per tool costs more than
 * hashing a small definition. Older Node 20 releases get the same digest from a Hash object.
 */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** The parts of an MCP tool definition its fingerprint covers. */
export interface FingerprintedDefinition {
  readonly name: string;
  readonly description: string | undefined;
  readonly inputSchema: unknown;
  readonly annotations: unknown;
}

/**
 * sha256 (hex) over the canonical JSON (`@toolwright/utils`' `canonicalJson`: keys sorted at
 * every level) of name, description, input schema and annotations: a server that changes what a
 * tool says or accepts (a "rug pull") changes its fingerprint, which the catalog reports as
 * `updated`. Hosts persist fingerprints (to pin what a user approved), so the bytes hashed must
 * never change for the same definition: the tests pin known values.
 */
export function fingerprintToolDefinition(definition: FingerprintedDefinition): string {
  const canonical = canonicalJson({
    annotations: definition.annotations ?? null,
    description: definition.description ?? null,
    inputSchema: definition.inputSchema ?? null,
    name: definition.name,
  });
  return sha256Hex(canonical);
}
