import type { FastifyInstance } from 'fastify';
import type { CookiePolicy } from '../session/cookie.js';

/** A year, as browsers' preload lists ask; subdomains are left alone (they may be other sites). */
const HSTS = 'max-age=31536000';

/**
 * Headers that keep the console out of frames and stop content sniffing and script injection;
 * over TLS, HSTS too, so the browser never again tries the console (and its cookie) over HTTP.
 * `connectOrigins`: where else pages may send requests (the storage server, for drop links).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  cookies: CookiePolicy,
  /** Origins the page may call besides its own: the storage server browser uploads go to. */
  connectSources: readonly string[] = [],
): void {
  const connect = ["'self'", ...connectSources].join(' ');
  app.addHook('onSend', async (request, reply, payload) => {
    if (cookies.isSecure(request)) reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // A route may set stricter rules of its own (downloads sandbox the user's content).
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header(
        'Content-Security-Policy',
        `default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src ${connect}; frame-ancestors 'none'; base-uri 'self'`,
      );
    }
    if (reply.request.url.includes('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
