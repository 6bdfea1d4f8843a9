import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('client keys for rate limits', () => {
  it('keeps an IPv4 address whole, also when it arrives IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('puts every address of one IPv6 /64 under one key, however it is written', () => {
    const key = clientKey('2001:db8:1:2::1');
    for (const ip of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::1.2.3.4', '2001:DB8:1:2::a%eth0']) {
      expect(clientKey(ip)).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
