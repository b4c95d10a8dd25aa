import { isIP, isIPv6 } from 'node:net';

/** Address ranges Fastify's trustProxy (proxy-addr) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUSTED_PROXIES as a list: `loopback, 10.0.0.0/8` → ['loopback', '10.0.0.0/8']. */
export function trustedProxyList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** What is wrong with TRUSTED_PROXIES, one problem per entry that is no address, CIDR range or range name. */
export function trustedProxyProblems(value: string): string[] {
  return trustedProxyList(value)
    .filter((entry) => {
      if (NAMED_RANGES.includes(entry)) return false;
      const [address, bits, extra] = entry.split('/');
      const width = isIP(address) === 6 ? 128 : 32;
      const prefixOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= width);
      return !isIP(address) || extra !== undefined || !prefixOk;
    })
    .map(
      (entry) =>
        `TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an address, a CIDR range or one of ${NAMED_RANGES.join(', ')}`,
    );
}

/** The eight groups of an IPv6 address, `::` expanded; an embedded IPv4 tail stays one entry of two groups' width. */
function groupsOf(ip: string): string[] {
  const [head, tail] = ip.split('::');
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  if (tail === undefined) return split(head);
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const left = split(head);
  const right = split(tail);
  return [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
}

/**
 * The address a client is counted under by a per-address limit (request.ip, which already honours
 * TRUSTED_PROXIES): IPv4 as it is, also when written IPv4-mapped; IPv6 by its /64, since a
 * subscriber is usually given a whole /64 and may use any address in it.
 */
export function countedAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const prefix = groupsOf(ip)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
