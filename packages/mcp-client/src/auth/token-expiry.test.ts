import { describe, expect, it } from 'vitest';
import { dueForRenewal } from './token-expiry.js';

const NOW = 1_000_000_000;

describe('dueForRenewal', () => {
  it('renews an hour-long token in its last minute, not before', () => {
    const tokens = { access_token: 'a', token_type: 'Bearer', expires_in: 3600 };
    expect(dueForRenewal({ ...tokens, expires_at: NOW + 61_000 }, NOW)).toBe(false);
    expect(dueForRenewal({ ...tokens, expires_at: NOW + 60_000 }, NOW)).toBe(true);
  });

  it('renews a short-lived token in the last tenth of its life', () => {
    const tokens = { access_token: 'a', token_type: 'Bearer', expires_in: 100 };
    expect(dueForRenewal({ ...tokens, expires_at: NOW + 11_000 }, NOW)).toBe(false);
    expect(dueForRenewal({ ...tokens, expires_at: NOW + 10_000 }, NOW)).toBe(true);
  });

  it('renews an expired token, and never one whose expiry is unknown', () => {
    expect(dueForRenewal({ access_token: 'a', token_type: 'Bearer', expires_at: NOW - 1 }, NOW)).toBe(true);
    expect(dueForRenewal({ access_token: 'a', token_type: 'Bearer' }, NOW)).toBe(false);
    expect(dueForRenewal(undefined, NOW)).toBe(false);
  });
});
