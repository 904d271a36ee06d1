import { createHash } from 'node:crypto';
import { canonicalJson } from '@toolwright/utils';

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
  return createHash('sha256').update(canonical).digest('hex');
}
