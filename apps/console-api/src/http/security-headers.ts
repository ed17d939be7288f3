import type { FastifyInstance } from 'fastify';

/** Headers that keep the console out of frames and stop content sniffing and script injection. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // A route may set stricter rules of its own (downloads sandbox the user's content).
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'",
      );
    }
    if (reply.request.url.includes('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
