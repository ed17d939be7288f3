import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { API_PREFIX } from '@stowage/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { openAuditLog } from './audit/index.js';
import type { StorageGateway } from './clients/storage.js';
import type { ConsoleConfig } from './config.js';
import { createBinder } from './http/bind.js';
import { registerErrorHandling } from './http/error-handler.js';
import { ApiError } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { registerAccountRoutes } from './routes/account.js';
import { registerBucketFeatureRoutes } from './routes/bucket-features.js';
import { registerBucketRoutes } from './routes/buckets.js';
import { registerConfigRoutes } from './routes/configs.js';
import { registerDashboardRoutes } from './routes/dashboard.js';
import { registerIdentityRoutes } from './routes/identities.js';
import { registerLoginRoutes } from './routes/login.js';
import { registerLogRoutes } from './routes/logs.js';
import { registerObjectRoutes } from './routes/objects.js';
import { registerSessionRoutes } from './routes/session.js';
import { sessionIdOf } from './session/cookie.js';
import { csrfMatches, SessionStore } from './session/store.js';
import { createSocketBinder } from './sockets/bind-socket.js';
import { registerSockets } from './sockets/index.js';

export interface AppDeps {
  config: ConsoleConfig;
  gateway: StorageGateway;
  sessions: SessionStore;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createSessionStore(config: ConsoleConfig): SessionStore {
  return new SessionStore({
    idleMs: config.sessionIdleSeconds * 1000,
    absoluteMs: config.sessionAbsoluteSeconds * 1000,
  });
}

/** The console API as a Fastify instance, not listening: tests drive it with inject(). */
export async function buildApp(
  deps: AppDeps,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // Malformed URLs and headers fail before routing; answer them in the API's error shape too.
    frameworkErrors: (err, _request, reply) =>
      (reply as FastifyReply).code(400).send(new ApiError('badRequest', err.message).body()),
  });
  await app.register(cookie);
  // Client frames are only keep-alives; nothing large is ever read from a socket.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // Uploads are streamed by their handler, so Fastify must not read (or size-limit) the form.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
  registerSecurityHeaders(app);
  registerErrorHandling(app, deps.config.basePath + API_PREFIX);

  const authenticate = (request: FastifyRequest) => {
    const sessionId = sessionIdOf(request);
    const session = deps.sessions.touch(sessionId);
    if (!session || !sessionId) throw new ApiError('sessionRequired');
    if (
      MUTATING.has(request.method) &&
      !csrfMatches(session.csrfToken, request.headers['x-csrf-token'] as string)
    ) {
      throw new ApiError('csrfMismatch');
    }
    return { session, sessionId };
  };
  const bind = createBinder({ app, basePath: deps.config.basePath, authenticate });
  const auditLog = deps.config.auditLog ? await openAuditLog(deps.config.auditLog) : undefined;
  if (auditLog) app.addHook('onClose', () => auditLog.close());
  registerLoginRoutes(bind, deps);
  registerSessionRoutes(bind, { features: auditLog ? ['log-search'] : [] });
  registerLogRoutes(
    bind,
    deps.config.auditLog && auditLog ? { config: deps.config.auditLog, log: auditLog } : undefined,
  );
  registerBucketRoutes(bind, deps);
  registerBucketFeatureRoutes(bind, deps);
  registerObjectRoutes(bind, deps);
  registerIdentityRoutes(bind, deps);
  registerAccountRoutes(bind, deps);
  registerConfigRoutes(bind, deps);
  registerSockets(createSocketBinder({ app, basePath: deps.config.basePath, authenticate }), deps);
  const dashboard = registerDashboardRoutes(bind, deps);
  app.addHook('onClose', async () => dashboard.close());

  if (deps.config.webRoot) await registerWebApp(app, deps.config.webRoot, deps.config.basePath);
  return app;
}
