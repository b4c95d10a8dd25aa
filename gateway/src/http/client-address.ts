import { isIPv6 } from 'node:net';

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
 * TRUST_PROXY_HOPS): IPv4 as it is, also when written IPv4-mapped; IPv6 by its /64, since a
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
