import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '@toolwright/utils';

/**
 * The one signature every approval datum carries (pending records, "always allow" entries):
 * HMAC-SHA256 with the host key over the datum's canonical JSON, so that field order and
 * whitespace never change it and a datum made or edited without the key is told apart.
 */
export function hostSignature(unsigned: object, key: Uint8Array): string {
  return createHmac('sha256', key).update(canonicalJson(unsigned)).digest('hex');
}

/** True when `signature` is `unsigned`'s host signature; compared in constant time. */
export function hasHostSignature(unsigned: object, signature: string, key: Uint8Array): boolean {
  const expected = Buffer.from(hostSignature(unsigned, key), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
