import type { IncomingHttpHeaders } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** The console settings the origin check reads. */
export interface OriginSettings {
  trustProxy: false | string[];
  allowedOrigins: readonly string[];
}

/** A page's origin the console will not stream to, with what it was compared against. */
export interface OriginRefusal {
  origin: string;
  /** The address the request was sent to, as the check saw it (host, with scheme when known). */
  comparedWith: string;
  /** Where that address came from: Host, X-Forwarded-Host or Forwarded. */
  source: 'Host' | 'X-Forwarded-Host' | 'Forwarded';
}

interface UpgradeRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

interface Target {
  host: string;
  /** 'http' or 'https' when a trusted proxy said which the browser used. */
  proto?: string;
  source: OriginRefusal['source'];
}

/**
 * Browsers let any page open a WebSocket to any host, cookies included, so a stream goes only
 * to pages of the console's own origin (the check gorilla's upgrader made in the original),
 * to pages a trusted proxy says the browser reached it by, and to the origins the operator
 * allows by name. Returns the refusal, or undefined when the page may open the stream.
 */
export function originChecker(settings: OriginSettings) {
  const trusted = settings.trustProxy ? proxyAddr.compile(settings.trustProxy) : () => false;
  const allowed = new Set(settings.allowedOrigins.map((o) => o.toLowerCase()));
  return (request: UpgradeRequest): OriginRefusal | undefined => {
    const origin = request.headers.origin;
    if (origin === undefined) return undefined; // not a browser
    const target = targetOf(request, trusted(request.socket.remoteAddress ?? '', 0));
    const refusal: OriginRefusal = {
      origin,
      comparedWith: target.proto ? `${target.proto}://${target.host}` : target.host,
      source: target.source,
    };
    let page: URL;
    try {
      page = new URL(origin);
    } catch {
      return refusal; // "null" (a sandboxed frame, a file) or garbage
    }
    if (allowed.has(page.origin.toLowerCase())) return undefined;
    if (target.proto && page.protocol !== `${target.proto}:`) return refusal;
    return sameHost(page, target.host) ? undefined : refusal;
  };
}

/**
 * Where the browser sent the request: the Host header, or what a trusted proxy says the Host
 * was (RFC 7239 Forwarded first, then X-Forwarded-Host and -Proto). Like Fastify, the last
 * entry counts: it is the one the proxy next to the console added.
 */
function targetOf(request: UpgradeRequest, fromTrustedProxy: boolean): Target {
  const host = request.headers.host ?? '';
  if (!fromTrustedProxy) return { host, source: 'Host' };
  const forwarded = lastForwarded(request.headers.forwarded);
  if (forwarded?.host) return { host: forwarded.host, source: 'Forwarded', ...protoOf(forwarded.proto) };
  const xHost = lastEntry(request.headers['x-forwarded-host']);
  if (xHost)
    return {
      host: xHost,
      source: 'X-Forwarded-Host',
      ...protoOf(lastEntry(request.headers['x-forwarded-proto'])),
    };
  return { host, source: 'Host', ...protoOf(lastEntry(request.headers['x-forwarded-proto'])) };
}

function protoOf(raw: string | undefined): { proto?: string } {
  const proto = raw?.toLowerCase();
  if (proto === 'https' || proto === 'wss') return { proto: 'https' };
  if (proto === 'http' || proto === 'ws') return { proto: 'http' };
  return {};
}

function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.split(',').at(-1)?.trim() || undefined;
}

/**
 * A Host that names its port must match the page's host and port. A Host without one (what
 * nginx's `proxy_set_header Host $host` sends, whatever port the browser used) is matched by
 * host name alone. That opens nothing: cookies are not separated by port (RFC 6265 §8.5), so
 * any page served on another port of the same host name already shares, and can overwrite,
 * the console's session cookie; the port never was a boundary for a cookie-authenticated
 * stream. Pages of other host names, that is other sites, are still refused.
 */
function sameHost(page: URL, host: string): boolean {
  let target: URL;
  try {
    // The page's scheme, so an explicit default port (:443 for https) compares equal.
    target = new URL(`${page.protocol}//${host}`);
  } catch {
    return false;
  }
  if (target.username || target.password || target.pathname !== '/') return false;
  const namesPort = /:\d+$/.test(host);
  return namesPort ? target.host === page.host : target.hostname === page.hostname;
}

/** The host and proto of the last element of an RFC 7239 Forwarded header. */
function lastForwarded(value: string | undefined): { host?: string; proto?: string } | undefined {
  if (!value) return undefined;
  let element: Record<string, string> = {};
  // pairs are token=token or token="quoted", separated by ';' within an element and ',' between
  const pair = /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=("(?:[^"\\]|\\.)*"|[^;,\s]*)\s*([;,]|$)/y;
  let match: RegExpExecArray | null;
  for (let at = 0; at < value.length; at = pair.lastIndex) {
    pair.lastIndex = at;
    match = pair.exec(value);
    if (!match) return undefined; // malformed: believe none of it
    const [, key = '', raw = '', separator] = match;
    const text = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    element[key.toLowerCase()] = text;
    if (separator === ',' && pair.lastIndex < value.length) element = {};
  }
  return { host: element.host, proto: element.proto };
}
