// Who the client is, as this server tells the gateway behind it. A browser may send any
// X-Forwarded-For it likes; only a proxy in front of this server (TRUSTED_PROXIES) is believed, so the
// address the gateway counts is the one this server saw, not one the client wrote.
import { BlockList, isIP } from 'node:net';

/** Ranges named as proxy-addr (the gateway's Fastify) names them. */
const NAMED_RANGES = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * `loopback, 10.0.0.0/8, 192.0.2.7` → a test of a peer address. Throws naming the bad entry.
 * @param {string} list comma-separated addresses, CIDR ranges or the names loopback, linklocal, uniquelocal
 * @returns {(address: string) => boolean}
 */
export function trustedProxies(list = '') {
  const blocks = new BlockList();
  const entries = list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const width = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? width : Number(bits);
    if (!family || extra !== undefined || !/^\d*$/.test(bits ?? '') || !(prefix >= 0 && prefix <= width)) {
      throw new Error(
        `TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an address, a CIDR range or one of ${Object.keys(NAMED_RANGES).join(', ')}`,
      );
    }
    blocks.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  if (entries.length === 0) return () => false;
  return (address) => {
    const family = isIP(address);
    return family !== 0 && blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The X-Forwarded-* headers to send upstream: a trusted peer's are extended with the peer, anyone
 * else's are replaced by what this server saw (their address, the Host they asked for, plain http).
 * @param {import('node:http').IncomingMessage} req
 * @param {(address: string) => boolean} isTrusted
 */
export function forwardedHeaders(req, isTrusted) {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const trusted = isTrusted(peer);
  const claimed = (name) => (trusted ? req.headers[name] : undefined);
  const chain = claimed('x-forwarded-for');
  return {
    'x-forwarded-for': chain ? `${chain}, ${peer}` : peer,
    'x-forwarded-host': claimed('x-forwarded-host') || req.headers.host || '',
    'x-forwarded-proto': claimed('x-forwarded-proto') || 'http',
  };
}
