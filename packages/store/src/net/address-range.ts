import { isIP } from 'node:net';

// Addresses and CIDR ranges in settings that list them (STOWAGE_OUTBOUND_ALLOW, trusted
// proxies), read one way and kept in a node:net BlockList.

/** One address or range as BlockList takes it: `list.addSubnet(r.network, r.prefix, r.type)`. */
export interface AddressRange {
  network: string;
  /** A single address is its family's full length: 32 or 128. */
  prefix: number;
  type: 'ipv4' | 'ipv6';
}

/**
 * Reads one entry: an IP address (`10.1.2.3`, `fd00::1`) or a CIDR range (`10.0.0.0/8`,
 * `fd00::/8`). Undefined when it is neither (a name, a prefix longer than the family's, a
 * second `/`, surrounding spaces): the caller refuses it in its own words. An IPv4 rule
 * also matches that address mapped into IPv6 (`::ffff:10.1.2.3`), as BlockList checks.
 */
export function parseAddressRange(entry: string): AddressRange | undefined {
  const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
  if (!m) return undefined;
  const family = isIP(m[1]!);
  if (family === 0) return undefined;
  const full = family === 4 ? 32 : 128;
  const prefix = m[2] === undefined ? full : Number(m[2]);
  if (prefix > full) return undefined;
  return { network: m[1]!, prefix, type: family === 4 ? 'ipv4' : 'ipv6' };
}
