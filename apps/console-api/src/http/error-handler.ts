import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/** One writer for every API error: `{message, detailedMessage}` with the catalogue's status. */
export function registerErrorHandling(app: FastifyInstance, apiPrefix: string): void {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if ('validation' in err && err.validation) apiError = new ApiError('badRequest', err.message);
    else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      apiError = new ApiError('badRequest', err.message);
      return reply.code(err.statusCode).send(apiError.body());
    } else {
      request.log.error({ err }, 'unhandled error');
      apiError = new ApiError('internal');
    }
    if (apiError.status >= 500) request.log.warn({ code: apiError.code }, apiError.detailedMessage);
    if (apiError.retryAfterSeconds !== undefined)
      reply.header('Retry-After', String(apiError.retryAfterSeconds));
    return reply.code(apiError.status).send(apiError.body());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const error = new ApiError('notFound', `no route for ${request.method} ${path}`);
    if (path.startsWith(apiPrefix) || request.method !== 'GET') return reply.code(404).send(error.body());
    return reply.code(404).type('text/plain').send('Not Found');
  });
}
