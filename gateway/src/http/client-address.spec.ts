import { loadConfig } from '@chitram/nest-kit';
import { GatewayConfig } from '../config';
import { countedAddress, trustedProxyList, trustedProxyProblems } from './client-address';

describe('countedAddress', () => {
  it('counts IPv4 addresses one by one, also when written IPv4-mapped', () => {
    expect(countedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(countedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    expect(countedAddress('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(countedAddress('2001:0db8:abcd:0012::99')).toBe('2001:db8:abcd:12::/64');
    expect(countedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(countedAddress('::1')).toBe('0:0:0:0::/64');
    expect(countedAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(countedAddress('unknown')).toBe('unknown');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('lists addresses, CIDR ranges and range names, trimmed', () => {
    expect(trustedProxyList(' loopback, 172.28.0.10 ,, 10.0.0.0/8 ')).toEqual([
      'loopback',
      '172.28.0.10',
      '10.0.0.0/8',
    ]);
    expect(trustedProxyList('')).toEqual([]);
  });

  it('accepts what Fastify can trust and names each entry it cannot', () => {
    expect(
      trustedProxyProblems('loopback, uniquelocal, linklocal, 192.0.2.7, 10.0.0.0/8, fd00::/8, ::1'),
    ).toEqual([]);
    const problems = trustedProxyProblems('10.0.0.0/33, shell, 10.0.0.1/8/1, fd00::/129, 10.0.0.0/x');
    expect(problems).toHaveLength(5);
    expect(problems[1]).toBe(
      'TRUSTED_PROXIES: "shell" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal',
    );
  });

  it("is the gateway's trustProxy: none by default (not every local process), none when empty, refused when bad", () => {
    expect(loadConfig(GatewayConfig, {}).trustProxy).toBe(false);
    expect(loadConfig(GatewayConfig, { TRUSTED_PROXIES: '' }).trustProxy).toBe(false);
    expect(loadConfig(GatewayConfig, { TRUSTED_PROXIES: '172.28.0.10' }).trustProxy).toEqual(['172.28.0.10']);
    expect(() => loadConfig(GatewayConfig, { TRUSTED_PROXIES: 'shell' })).toThrow(/TRUSTED_PROXIES: "shell"/);
  });
});
