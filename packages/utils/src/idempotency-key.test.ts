import { describe, expect, it } from 'vitest';
import { idempotencyKey } from './idempotency-key.js';

describe('idempotencyKey', () => {
  it('is the same for the same call id and arguments in any key order', () => {
    expect(idempotencyKey('call_1', { path: 'a.txt', options: { force: true, mode: 1 } })).toBe(
      idempotencyKey('call_1', { options: { mode: 1, force: true }, path: 'a.txt' }),
    );
  });

  it('differs for another call id or other arguments', () => {
    const key = idempotencyKey('call_1', { path: 'a.txt' });
    expect(idempotencyKey('call_2', { path: 'a.txt' })).not.toBe(key);
    expect(idempotencyKey('call_1', { path: 'b.txt' })).not.toBe(key);
    // The id and the arguments cannot run into each other.
    expect(idempotencyKey('a', ['b'])).not.toBe(idempotencyKey('a","b', []));
  });

  it('is a SHA-256 in hex', () => {
    expect(idempotencyKey('call_1', {})).toMatch(/^[0-9a-f]{64}$/);
  });
});
