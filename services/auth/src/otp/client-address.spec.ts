import { rateLimitAddress } from './client-address';

describe('rateLimitAddress', () => {
  it('counts IPv4 addresses one by one, however they are written', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 /64 as one client, whichever of its addresses calls', () => {
    const one = rateLimitAddress('2001:db8:0:1::42');
    expect(one).toBe('2001:db8:0:1::/64');
    expect(rateLimitAddress('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(one);
    expect(rateLimitAddress('2001:db8::1:0:0:42')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('2001:db8:0:2::42')).not.toBe(one);
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
