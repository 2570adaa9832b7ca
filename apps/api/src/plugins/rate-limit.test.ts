import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit';

describe('addressKey', () => {
  it('keys IPv4 as it is, and an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however it is written', () => {
    const key = addressKey('2001:db8:0:12::1');
    expect(key).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0DB8:0000:0012:ffff:0:0:9')).toBe(key);
    expect(addressKey('2001:db8::12:0:0:0:1')).toBe(key);
    expect(addressKey('2001:db8:0:13::1')).not.toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
