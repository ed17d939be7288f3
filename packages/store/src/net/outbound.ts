import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { normalHost } from './address.js';
import { parseAddressRange } from './address-range.js';

// Where the store may connect on behalf of its configuration: notification, audit and
// logger targets, replication remote targets, tiers. STOWAGE_OUTBOUND_ALLOW, read at start,
// lists host names (`hooks.example.com`, `*.example.com`), addresses (`10.1.2.3`, `fd00::1`)
// and CIDR ranges (`10.0.0.0/8`, `fd00::/8`), each optionally with a port (`host:8080`,
// `10.0.0.0/8:443`, `[fd00::/8]:443`). Unset, everything is allowed, as before.
//
// A name the list allows by name is trusted to resolve where its operator says. Any other
// name is resolved, and every address it resolves to must be allowed: checked when a
// target is configured, and again when connecting, by the lookup the connection itself
// uses (so a name that resolves elsewhere by then — DNS rebinding — is refused too).

export const OUTBOUND_SETTING = 'STOWAGE_OUTBOUND_ALLOW';

/** A connection the list does not allow; the message names the address and the setting. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
}

interface NameRule {
  /** Lower case, no trailing dot; for `*.example.com`, `.example.com`. */
  name: string;
  wildcard: boolean;
  port?: number;
}

interface AddressRule {
  list: BlockList;
  port?: number;
}

const NAME = /^(\*\.)?([a-z0-9_-]+(\.[a-z0-9_-]+)*)\.?$/;

function portOf(text: string | undefined, entry: string): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new Error(`${OUTBOUND_SETTING}: bad port in '${entry}'`);
  return port;
}

/** An address or CIDR range of the list, limited to `port` when it names one. */
function addressRule(range: string, port: number | undefined, entry: string): AddressRule {
  const r = parseAddressRange(range);
  if (!r) {
    const [address = '', prefix] = range.split('/');
    throw new Error(
      prefix !== undefined && isIP(address) !== 0
        ? `${OUTBOUND_SETTING}: bad prefix length in '${entry}'`
        : `${OUTBOUND_SETTING}: '${entry}' is not an address, range or host name`,
    );
  }
  const list = new BlockList();
  list.addSubnet(r.network, r.prefix, r.type);
  return { list, ...(port === undefined ? {} : { port }) };
}

export class OutboundPolicy {
  /** No list: every address allowed. */
  static readonly OPEN = new OutboundPolicy([], [], false);

  private constructor(
    private readonly names: readonly NameRule[],
    private readonly addresses: readonly AddressRule[],
    /** Whether a list is in force (an empty one set allows nothing). */
    readonly restricted: boolean,
  ) {}

  /** The setting's value; undefined or blank: OPEN. A malformed entry throws, naming it. */
  static parse(text: string | undefined): OutboundPolicy {
    if (text === undefined || text.trim() === '') return OutboundPolicy.OPEN;
    const names: NameRule[] = [];
    const addresses: AddressRule[] = [];
    for (const raw of text.split(',')) {
      const entry = raw.trim();
      if (entry === '') continue;
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
      if (bracketed) {
        addresses.push(addressRule(bracketed[1]!, portOf(bracketed[2], entry), entry));
        continue;
      }
      if (entry.split(':').length > 2) {
        // An IPv6 address or range, no port.
        addresses.push(addressRule(entry, undefined, entry));
        continue;
      }
      const [where, portText] = entry.split(':') as [string, string?];
      const port = portOf(portText, entry);
      if (where.includes('/') || isIP(where) !== 0) {
        addresses.push(addressRule(where, port, entry));
        continue;
      }
      const m = NAME.exec(where.toLowerCase());
      if (!m) throw new Error(`${OUTBOUND_SETTING}: '${entry}' is not an address, range or host name`);
      names.push({
        name: m[1] ? `.${m[2]}` : m[2]!,
        wildcard: m[1] !== undefined,
        ...(port === undefined ? {} : { port }),
      });
    }
    return new OutboundPolicy(names, addresses, true);
  }

  private allowsName(host: string, port: number): boolean {
    return this.names.some(
      (r) =>
        (r.port === undefined || r.port === port) &&
        (r.wildcard ? host.endsWith(r.name) && host.length > r.name.length : host === r.name),
    );
  }

  private allowsAddress(address: string, port: number): boolean {
    const family = isIP(address);
    return this.addresses.some(
      (r) =>
        (r.port === undefined || r.port === port) && r.list.check(address, family === 6 ? 'ipv6' : 'ipv4'),
    );
  }

  /** The refusal for a resolved address, or undefined when every one is allowed. */
  private refusal(
    host: string,
    port: number,
    resolved: readonly LookupAddress[],
  ): OutboundRefused | undefined {
    if (resolved.length === 0) return new OutboundRefused(`${host} resolves to no address`);
    const bad = resolved.find((a) => !this.allowsAddress(a.address, port));
    return bad
      ? new OutboundRefused(
          `${host} resolves to ${bad.address}, which ${OUTBOUND_SETTING} does not allow (port ${port})`,
        )
      : undefined;
  }

  private literalRefusal(address: string, port: number): OutboundRefused {
    const shown = isIP(address) === 6 ? `[${address}]` : address;
    return new OutboundRefused(`${shown}:${port} is not allowed by ${OUTBOUND_SETTING}`);
  }

  /**
   * Refuses (OutboundRefused) unless `host:port` may be reached: an address by the list, a
   * name by name or by every address it resolves to now. For checks when a target is set.
   */
  async check(host: string, port: number): Promise<void> {
    await this.pin(host, port);
  }

  /**
   * For clients that resolve names themselves and take no lookup (mqtt over TCP, NATS): the
   * address to connect to instead of `host`, checked; `host` itself when unrestricted or
   * allowed by name. Refuses as check() does.
   */
  async pin(host: string, port: number): Promise<string> {
    if (!this.restricted) return host;
    const h = normalHost(host);
    if (h.startsWith('/') || isIP(h) !== 0) {
      this.dialOptions(h, port);
      return h;
    }
    if (this.allowsName(h, port)) return h;
    let resolved: LookupAddress[];
    try {
      resolved = await lookupAsync(h, { all: true });
    } catch (err) {
      throw new OutboundRefused(
        `${h} is not allowed by ${OUTBOUND_SETTING} by name, and cannot be resolved to check its addresses: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
    const refused = this.refusal(h, port, resolved);
    if (refused) throw refused;
    return resolved[0]!.address;
  }

  /**
   * A dns.lookup for connections to `port`: the addresses a name resolves to, refused unless
   * every one is allowed. What a connection resolves is what it connects to.
   */
  lookupFor(port: number): LookupFunction {
    return (hostname: string, options: LookupOptions, callback) => {
      const h = normalHost(hostname);
      if (this.allowsName(h, port)) {
        dnsLookup(hostname, options, callback);
        return;
      }
      dnsLookup(hostname, { ...options, all: true }, (err, resolved) => {
        if (err) {
          callback(err, '', 0);
          return;
        }
        const refused = this.refusal(h, port, resolved);
        if (refused) callback(refused, '', 0);
        else if (options.all) callback(null, resolved);
        else callback(null, resolved[0]!.address, resolved[0]!.family);
      });
    };
  }

  /**
   * What a client connecting to `host:port` adds to its net/tls/http options: nothing when
   * unrestricted; the checking lookup for a name. An address the list refuses (lookup is
   * never asked for one) or a Unix socket throws OutboundRefused here.
   */
  dialOptions(host: string, port: number): { lookup?: LookupFunction } {
    if (!this.restricted) return {};
    const h = normalHost(host);
    if (h.startsWith('/'))
      throw new OutboundRefused(`the Unix socket ${h} cannot be allowed by ${OUTBOUND_SETTING}`);
    if (isIP(h) !== 0) {
      if (!this.allowsAddress(h, port)) throw this.literalRefusal(h, port);
      return {};
    }
    return { lookup: this.lookupFor(port) };
  }
}
