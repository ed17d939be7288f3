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
import { fromStorageError } from './clients/errors.js';
import { fromKubeError, kubeConfigFor } from './clients/kube.js';
import { loadKubeLibrary } from './clients/kube-library.js';
import type { StorageGateway } from './clients/storage.js';
import type { ConsoleConfig } from './config.js';
import { ConsoleDatabase } from './db/database.js';
import { CONSOLE_SCHEMAS } from './db/schemas.js';
import type { DeploymentDirectory } from './deployments/directory.js';
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
import { registerDeploymentRoutes } from './routes/deployments.js';
import { registerDirectCsiRoutes } from './routes/direct-csi.js';
import { registerDownloadSelectionRoutes } from './routes/download-selection.js';
import { registerIdentityRoutes } from './routes/identities.js';
import { registerJobRoutes } from './routes/jobs.js';
import { registerLoginRoutes } from './routes/login.js';
import { registerLogRoutes } from './routes/logs.js';
import { registerObjectRoutes } from './routes/objects.js';
import { registerOperatorClusterRoutes, sessionNodeLister } from './routes/operator-cluster.js';
import { registerOperatorSizingRoutes, type SessionNodeLister } from './routes/operator-sizing.js';
import { registerPolicySimulationRoutes } from './routes/policy-simulation.js';
import { registerSessionRoutes } from './routes/session.js';
import { registerShareLinkRoutes } from './routes/share-links.js';
import { registerSubscriptionRoutes } from './routes/subscription.js';
import { registerTenantProxy } from './routes/tenant-proxy.js';
import { registerTenantResourceRoutes } from './routes/tenant-resources.js';
import { registerTenantRoutes } from './routes/tenants.js';
import { registerUploadRoutes } from './routes/uploads.js';
import type { JobRecord } from './services/jobs/store.js';
import { browserConnectSources } from './services/objects/browser-urls.js';
import { scheduleLicenseRefresh } from './services/subscription/license-refresh.js';
import { DEFAULT_SUBNET_SETTINGS } from './services/subscription/subnet-client.js';
import { DEFAULT_ADDRESSING } from './services/tenants/tenant-reach.js';
import { CookiePolicy, SESSION_COOKIE } from './session/cookie.js';
import { viewOf } from './session/form-login.js';
import { operatorPermissions } from './session/operator-login.js';
import { csrfMatches, type Session, SessionStore } from './session/store.js';
import { createSocketBinder } from './sockets/bind-socket.js';
import { registerSockets } from './sockets/index.js';
import { originChecker } from './sockets/origin.js';

export interface AppDeps {
  config: ConsoleConfig;
  gateway: StorageGateway;
  sessions: SessionStore;
  /** The operator's log (the CLI's output) for what needs their attention, e.g. a refused origin. */
  warn?: (line: string) => void;
  /** Operator mode: lists the cluster's nodes with the session's token (max allocatable memory). */
  listNodes?: SessionNodeLister;
  /** The console's clock for what it keeps (share links' expiry); Date.now unless a test sets it. */
  clock?: () => number;
  /** Bulk jobs: a hook after each page a job records (tests pace a job with it). */
  jobs?: { afterPage?: (job: JobRecord) => Promise<void> };
  /** Several deployments in one console (deployments/serve.ts): the switcher's list. */
  deployments?: DeploymentDirectory;
}

/**
 * What routes get besides the app's dependencies: how cookies are named and flagged, and the
 * console's database (db/database.ts).
 */
export interface RouteDeps extends AppDeps {
  cookies: CookiePolicy;
  database: ConsoleDatabase;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createSessionStore(config: ConsoleConfig): SessionStore {
  return new SessionStore({
    idleMs: config.sessionIdleSeconds * 1000,
    absoluteMs: config.sessionAbsoluteSeconds * 1000,
    refreshMs: config.sessionRefreshSeconds * 1000,
  });
}

const OPERATOR_MODE_DETAIL =
  "this console manages tenants; a tenant's buckets, users and settings are in its own console (Manage Tenant)";

/** The console API as a Fastify instance, not listening: tests drive it with inject(). */
export async function buildApp(
  deps: AppDeps,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  // Only operator mode reaches a cluster: other consoles never load the Kubernetes client.
  if (deps.config.operator) await loadKubeLibrary();
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // Forwarded headers are believed only from the proxies the operator names: otherwise any
    // client could choose the address its failed logins are counted against, or claim https.
    trustProxy: deps.config.trustProxy,
    // Malformed URLs and headers fail before routing; answer them in the API's error shape too.
    frameworkErrors: (err, _request, reply) =>
      (reply as FastifyReply).code(400).send(new ApiError('badRequest', err.message).body()),
  });
  await app.register(cookie);
  // Client frames are only keep-alives; nothing large is ever read from a socket.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // Uploads are streamed by their handler, so Fastify must not read (or size-limit) the form.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
  const cookies = new CookiePolicy(deps.config);
  const database = ConsoleDatabase.open(deps.config.databasePath ?? ':memory:', CONSOLE_SCHEMAS);
  app.addHook('onClose', async () => database.close());
  const routeDeps: RouteDeps = { ...deps, cookies, database };
  // Browser uploads and drop pages send files straight to the storage server.
  registerSecurityHeaders(app, cookies, browserConnectSources(deps.config));
  registerErrorHandling(app, deps.config.basePath + API_PREFIX);

  const refreshRights = rightsRefresher(deps);
  const authenticate = async (request: FastifyRequest) => {
    const sessionId = cookies.read(request, SESSION_COOKIE);
    const session = deps.sessions.touch(sessionId);
    if (!session || !sessionId) throw new ApiError('sessionRequired');
    if (
      MUTATING.has(request.method) &&
      !csrfMatches(session.csrfToken, request.headers['x-csrf-token'] as string)
    ) {
      throw new ApiError('csrfMismatch');
    }
    if (deps.sessions.isStale(session)) await refreshRights(session, sessionId);
    return { session, sessionId };
  };
  const bind = createBinder({ app, basePath: deps.config.basePath, authenticate });
  // The object store's routes and sockets serve only object-store sessions: an operator session
  // holds a Kubernetes token, no keys, and its tenants' data is reached through their own consoles.
  const storeAuthenticate = async (request: FastifyRequest) => {
    const found = await authenticate(request);
    if (found.session.kube) throw new ApiError('notInOperatorMode', OPERATOR_MODE_DETAIL);
    return found;
  };
  const storeBind = createBinder({ app, basePath: deps.config.basePath, authenticate: storeAuthenticate });
  const auditLog = deps.config.auditLog ? await openAuditLog(deps.config.auditLog) : undefined;
  if (auditLog) app.addHook('onClose', () => auditLog.close());
  registerLoginRoutes(bind, routeDeps);
  registerSessionRoutes(bind, { features: auditLog ? ['log-search'] : [] });
  registerDeploymentRoutes(bind, deps.deployments, deps.config.deployment?.id);
  registerLogRoutes(
    storeBind,
    deps.config.auditLog && auditLog ? { config: deps.config.auditLog, log: auditLog } : undefined,
  );
  registerBucketRoutes(storeBind, deps);
  registerBucketFeatureRoutes(storeBind, deps);
  registerObjectRoutes(storeBind, deps, registerShareLinkRoutes(storeBind, bind, routeDeps));
  registerDownloadSelectionRoutes(storeBind, deps);
  registerUploadRoutes(storeBind, deps);
  registerIdentityRoutes(storeBind, deps);
  registerPolicySimulationRoutes(storeBind, deps);
  registerAccountRoutes(storeBind, routeDeps);
  registerConfigRoutes(storeBind, deps);
  const jobs = registerJobRoutes(storeBind, routeDeps);
  // Before the database closes (onClose): a job's page in hand is recorded first.
  app.addHook('preClose', async () => jobs.close());
  const operator = deps.config.operator;
  registerSubscriptionRoutes(bind, operator);
  registerOperatorSizingRoutes(
    bind,
    deps.listNodes ?? (operator ? sessionNodeLister(operator.cluster) : undefined),
  );
  if (operator) {
    registerOperatorClusterRoutes(bind, operator.cluster);
    registerTenantRoutes(bind, operator);
    registerTenantResourceRoutes(bind, operator.cluster);
    registerDirectCsiRoutes(bind, operator.cluster);
    const licenseRefresh = scheduleLicenseRefresh({
      cluster: operator.cluster,
      subnet: operator.subnet ?? DEFAULT_SUBNET_SETTINGS,
      ...(operator.ownTokenFile ? { tokenFile: operator.ownTokenFile } : {}),
      log: deps.warn ?? ((line) => app.log.warn(line)),
    });
    app.addHook('onClose', async () => licenseRefresh.stop());
  }
  const checkOrigin = originChecker(deps.config);
  if (operator) {
    await registerTenantProxy(app, {
      basePath: deps.config.basePath,
      cluster: operator.cluster,
      services: operator.services ?? DEFAULT_ADDRESSING,
      sessions: deps.sessions,
      cookies,
      checkOrigin,
    });
  }
  registerSockets(
    createSocketBinder({
      app,
      basePath: deps.config.basePath,
      authenticate: storeAuthenticate,
      checkOrigin,
      ...(deps.warn ? { warn: deps.warn } : {}),
    }),
    deps,
  );
  const dashboard = registerDashboardRoutes(storeBind, deps);
  app.addHook('onClose', async () => dashboard.close());

  if (deps.config.webRoot) await registerWebApp(app, deps.config.webRoot, deps.config.basePath);
  return app;
}

/**
 * Reads a session's rights again from the server (AccountInfo), once at a time per session:
 * a policy or group change made anywhere reaches open sessions within the refresh interval.
 * Credentials the server no longer accepts (the user was disabled, removed or had its password
 * changed) end the session; a server that cannot be reached leaves the last view in place.
 */
function rightsRefresher({ gateway, sessions, config }: AppDeps) {
  const running = new WeakMap<Session, Promise<void>>();
  const refresh = async (session: Session, sessionId: string) => {
    try {
      if (session.kube && config.operator) {
        // Operator mode: the cluster's RBAC is the policy; a revoked token ends the session.
        const kc = kubeConfigFor(config.operator.cluster, session.kube.token);
        session.kube.permissions = await operatorPermissions(kc);
        sessions.refresh(session, session);
      } else {
        sessions.refresh(session, viewOf(await gateway.accountInfo(session.credentials)));
      }
    } catch (err) {
      const error = session.kube ? fromKubeError(err) : fromStorageError(err, 'login');
      if (!['invalidLogin', 'sessionRequired', 'kubeUnauthorized'].includes(error.code)) return;
      sessions.revoke(sessionId);
      throw new ApiError('sessionRequired', 'the server no longer accepts this session; log in again');
    }
  };
  return (session: Session, sessionId: string): Promise<void> => {
    let work = running.get(session);
    if (!work) {
      work = refresh(session, sessionId).finally(() => running.delete(session));
      running.set(session, work);
    }
    return work;
  };
}
