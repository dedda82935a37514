import ipaddr from 'ipaddr.js';

/**
 * Client addresses compared as addresses, not as text (issue 26: five spellings of one IPv6 address were five
 * rate-limit buckets and five referral clicks). Parsed with ipaddr.js (what Fastify's trustProxy uses).
 */

/** Prefix length of the block one IPv6 client is counted by: a /64 is one subscriber's network, its hosts are free. */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * One spelling per address: IPv4 dotted-decimal, an IPv4-mapped IPv6 address as its IPv4 (`::ffff:1.2.3.4` is
 * `1.2.3.4`), IPv6 in RFC 5952 form (lower case, zeros compressed, zone id dropped: `2001:0DB8:0:0::1` is
 * `2001:db8::1`). Text that is not an address is returned trimmed and lower-cased, so it still counts as itself.
 */
export function normaliseAddress(address: string): string {
  const text = address.trim();
  try {
    const parsed = ipaddr.process(text.replace(/%.*$/, ''));
    return parsed.kind() === 'ipv6' ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
  } catch {
    return text.toLowerCase();
  }
}

/**
 * The bucket a per-address limit or count uses: an IPv4 address itself, an IPv6 address's /64
 * (`2001:db8:1:2::/64`, the same for every host and spelling in it).
 */
export function addressBucketOf(address: string): string {
  const normalised = normaliseAddress(address);
  if (!ipaddr.IPv6.isValid(normalised) || ipaddr.IPv4.isValid(normalised)) return normalised;
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${normalised}/${IPV6_CLIENT_PREFIX}`);
  return `${network.toRFC5952String()}/${IPV6_CLIENT_PREFIX}`;
}
