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

  it('unmaps every IPv4 address a dual-stack listener reports, whatever the width of its parts', () => {
    expect(addressKey('::ffff:10.20.30.40')).toBe('10.20.30.40');
    expect(addressKey('::FFFF:192.168.100.200')).toBe('192.168.100.200');
    expect(addressKey('::ffff:10.20.30.40')).toBe(addressKey('10.20.30.40'));
  });

  it('takes only ::ffff: followed by a whole IPv4 address for one: other addresses written with a dotted tail stay IPv6', () => {
    // An address of one /64 written in mixed notation is still that /64, not the IPv4 client of its tail.
    expect(addressKey('2001:db8:1:2::ffff:10.0.0.1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('1:2:3::1.2.3.4')).toBe('1:2:3:0::/64');
    // `::ffff:1` is 0:0:0:0:0:0:ffff:1, not an IPv4 address.
    expect(addressKey('::ffff:1')).toBe('0:0:0:0::/64');
  });

  it('places the groups around :: where they belong, however long the head and the tail', () => {
    expect(addressKey('::2')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1:2:3:4:5:6')).toBe('0:0:1:2::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:2:3:4:5::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2%wlan0'));
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

  it('gives back one place per release: a client holding two that closes one still holds one', () => {
    const admission = new SessionAdmission(10, 2);
    const first = admission.admit('a');
    expect(isRefusal(admission.admit('a'))).toBe(false);
    if (isRefusal(first)) throw new Error('refused the first session');
    first.release();
    expect(isRefusal(admission.admit('a'))).toBe(false);
    expect(admission.admit('a')).toMatchObject({ status: 429 });
  });

  it('refuses with a message naming what the client holds and the option that caps it', () => {
    const admission = new SessionAdmission(10, 1);
    admission.admit('a');
    expect(admission.admit('a')).toStrictEqual({
      status: 429,
      message:
        'Too many sessions for this client (1; the maxSessionsPerClient option of serveHttp allows 1). ' +
        'Close sessions you no longer use (DELETE with their Mcp-Session-Id), wait for idle ones to expire, ' +
        'or ask the server operator to raise maxSessionsPerClient.',
    });
  });
});
