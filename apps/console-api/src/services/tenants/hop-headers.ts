import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

// Which headers cross the tenant proxy, each way. Requests carry only what describes the content
// and the cache state; the operator's own cookie and CSRF token stay behind, the tenant's session
// is added. Answers keep the tenant console's headers except the per-connection ones and the
// cookies (the tenant session stays server-side), and may be framed by the operator's pages.

/** Request headers the tenant console may see as the browser sent them. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'content-length',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'if-unmodified-since',
  'range',
  'user-agent',
];

/** RFC 9110 §7.6.1 connection-specific headers, never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Answer headers the proxy decides itself. */
const REPLACED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'x-frame-options',
  'strict-transport-security',
  'x-xss-protection',
]);

export interface TenantRequestContext {
  /** `name=value; …`, the tenant console session. */
  cookie: string;
  /** The tenant console's CSRF token, sent on every call (a GET ignores it). */
  csrfToken?: string;
  /** Where the tenant console is served to the browser: `{basePath}/api/proxy/{ns}/{tenant}`. */
  prefix: string;
}

/** The headers of a request to the tenant console. */
export function tenantRequestHeaders(
  incoming: IncomingHttpHeaders,
  ctx: TenantRequestContext,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name];
    if (value !== undefined) headers[name] = value;
  }
  headers.cookie = ctx.cookie;
  if (ctx.csrfToken) headers['x-csrf-token'] = ctx.csrfToken;
  headers['x-forwarded-prefix'] = ctx.prefix;
  return headers;
}

/** `frame-ancestors` narrowed to this origin, so the operator's own pages may frame the tenant. */
export function framedBySelf(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^frame-ancestors(\s|$)/i.test(d));
  return [...directives, "frame-ancestors 'self'"].join('; ');
}

/**
 * A redirect inside the tenant console stays inside the proxy: a path, or an address on the
 * console's own origin, gets the proxy's prefix; an address elsewhere is left alone.
 */
function proxiedLocation(location: string, prefix: string, upstreamOrigin: string): string {
  if (location.startsWith('/') && !location.startsWith('//')) return `${prefix}${location}`;
  try {
    const url = new URL(location);
    if (url.origin === upstreamOrigin) return `${prefix}${url.pathname}${url.search}${url.hash}`;
  } catch {
    // a relative reference resolves against the proxied address as it is
  }
  return location;
}

/** The headers of the tenant console's answer as the browser gets them. */
export function tenantResponseHeaders(
  upstream: IncomingHttpHeaders,
  ctx: { prefix: string; upstreamOrigin: string },
): OutgoingHttpHeaders {
  const connectionNamed = new Set(
    String(upstream.connection ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(name) || connectionNamed.has(name) || REPLACED_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = value;
  }
  headers['x-frame-options'] = 'SAMEORIGIN';
  const csp = upstream['content-security-policy'];
  if (typeof csp === 'string') headers['content-security-policy'] = framedBySelf(csp);
  if (typeof upstream.location === 'string') {
    headers.location = proxiedLocation(upstream.location, ctx.prefix, ctx.upstreamOrigin);
  }
  headers['x-content-type-options'] = 'nosniff';
  return headers;
}
