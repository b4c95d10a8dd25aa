import { trailAddress } from './audit-entries.repository';

describe('the address an audit entry names', () => {
  it('keeps a client’s address, IPv4 or IPv6', () => {
    expect(trailAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(trailAddress('2001:db8::7')).toBe('2001:db8::7');
    expect(trailAddress('10.1.2.3')).toBe('10.1.2.3');
  });

  it('keeps none for this machine, or for no address at all', () => {
    for (const loopback of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect(trailAddress(loopback)).toBeNull();
    expect(trailAddress(undefined)).toBeNull();
    expect(trailAddress('')).toBeNull();
  });
});
