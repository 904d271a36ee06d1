import { describe, expect, it } from 'vitest';
import { addressKey, isRefusal, SessionAdmission } from './session-admission.js';

describe('addressKey', () => {
  it('writes one client the same however its address is spelled', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::1')).toBe('::1');
    // Every address of one /64 is one client.
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0:0:0:7%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe('SessionAdmission', () => {
  it('gives a place back once, however often it is released', () => {
    const admission = new SessionAdmission(2, 2);
    const first = admission.admit('a');
    const second = admission.admit('a');
    expect(isRefusal(first) || isRefusal(second)).toBe(false);
    expect(isRefusal(admission.admit('b'))).toBe(true);
    if (!isRefusal(first)) {
      first.release();
      first.release();
    }
    expect(isRefusal(admission.admit('b'))).toBe(false);
    expect(admission.admit('c')).toMatchObject({ status: 503 });
  });
});
