import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose X-Forwarded-For the store believes (the console, a load balancer), as
 * addresses and CIDR ranges. Nobody's by default: a client that could name its own address
 * would start afresh at every failed login and pass any aws:SourceIp condition.
 */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly size: number;

  /** Throws on an entry that is neither an IP address nor a CIDR range. */
  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.split('/');
      const family = isIP(address);
      const max = family === 6 ? 128 : 32;
      if (
        family === 0 ||
        rest.length > 0 ||
        (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))
      )
        throw new Error(`a trusted proxy is an IP address or a CIDR range, not '${entry}'`);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.#list.addAddress(address, type);
      else this.#list.addSubnet(address, Number(bits), type);
    }
    this.size = entries.length;
  }

  has(address: string): boolean {
    const family = isIP(address);
    if (this.size === 0 || family === 0) return false;
    return this.#list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** An IPv4 address mapped into IPv6 (as a dual-stack socket reports it) as plain IPv4. */
export const plainAddress = (address: string): string => address.replace(/^::ffff:(?=\d+\.)/i, '');

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the nearest
 * address in X-Forwarded-For that is not one (read from the right: each proxy appends the
 * address it heard from, and only the entries the trusted ones added can be believed).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  let address = plainAddress(peer ?? '');
  if (!trusted.has(address) || forwardedFor === undefined) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((s) => plainAddress(s.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) break; // a garbled entry: believe nothing further left
    address = hop;
    if (!trusted.has(hop)) break;
  }
  return address;
}
