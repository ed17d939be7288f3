import { BlockList, isIP } from 'node:net';
import { sameSecret } from '../crypto/same-secret.js';
import { parseAddressRange } from '../net/address-range.js';

/** The header by which the store's own console proves it relays a client's address. */
export const RELAY_HEADER = 'x-stowage-relay';

/**
 * Who may name the client in X-Forwarded-For: the proxies listed (a load balancer, a console
 * elsewhere), as addresses and CIDR ranges, and a console that presents the relay token the
 * store was started with (`stowage start` gives its own console one). Nobody by default: a
 * client that could name its own address would start afresh at every failed login and pass
 * any aws:SourceIp condition.
 *
 * The token is why `start` need not trust loopback: a reverse proxy on the same machine that
 * passes a client's own X-Forwarded-For through would otherwise make that client's claim
 * believed (as 127.0.0.1, say, the address root is never held back from).
 */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly #relayToken: string | undefined;
  readonly size: number;

  /** Throws on an entry that is neither an IP address nor a CIDR range. */
  constructor(entries: readonly string[] = [], relayToken?: string) {
    this.#relayToken = relayToken || undefined;
    for (const entry of entries) {
      const range = parseAddressRange(entry);
      if (!range) throw new Error(`a trusted proxy is an IP address or a CIDR range, not '${entry}'`);
      this.#list.addSubnet(range.network, range.prefix, range.type);
    }
    this.size = entries.length;
  }

  has(address: string): boolean {
    const family = isIP(address);
    if (this.size === 0 || family === 0) return false;
    return this.#list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /** Whether the request's peer speaks for its client: a listed proxy, or the relay token. */
  vouchesFor(peer: string, relay: string | string[] | undefined): boolean {
    if (this.has(peer)) return true;
    return this.#relayToken !== undefined && typeof relay === 'string' && sameSecret(this.#relayToken, relay);
  }
}

/** An IPv4 address mapped into IPv6 (as a dual-stack socket reports it) as plain IPv4. */
export const plainAddress = (address: string): string => address.replace(/^::ffff:(?=\d+\.)/i, '');

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy (or presents
 * the relay token), the nearest address in X-Forwarded-For that is not one (read from the
 * right: each proxy appends the address it heard from, and only the entries the trusted ones
 * added can be believed).
 */
export function clientAddress(
  peer: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  trusted: TrustedProxies,
): string {
  let address = plainAddress(peer ?? '');
  const forwardedFor = headers['x-forwarded-for'];
  if (forwardedFor === undefined || !trusted.vouchesFor(address, headers[RELAY_HEADER])) return address;
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
