import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream';
import { SOCKET_FAILED, SOCKET_REFUSED } from '@stowage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import { canI, fromKubeError, type KubeCluster, kubeConfigFor } from '../clients/kube.js';
import { fromServiceError, requestService, serviceRequestOptions } from '../clients/service-http.js';
import type { ServiceAddressing } from '../clients/tenant-services.js';
import { ApiError } from '../http/errors.js';
import { tenantUsesTls } from '../services/tenants/access.js';
import { loginToTenant } from '../services/tenants/hop.js';
import {
  framedBySelf,
  tenantRequestHeaders,
  tenantResponseHeaders,
} from '../services/tenants/hop-headers.js';
import { type HopSession, HopSessions } from '../services/tenants/hop-sessions.js';
import { TENANT_GROUP, TENANT_PLURAL } from '../services/tenants/kube-types.js';
import { readTenant } from '../services/tenants/tenant-calls.js';
import { readTenantKeys, tenantTargets } from '../services/tenants/tenant-reach.js';
import { type CookiePolicy, SESSION_COOKIE } from '../session/cookie.js';
import { csrfMatches, type Session, type SessionStore } from '../session/store.js';
import { refusalReason } from '../sockets/bind-socket.js';
import type { OriginRefusal } from '../sockets/origin.js';

// Operator mode's hop (operator.md §3.1, done properly): `{basePath}/api/proxy/{ns}/{tenant}/…`
// is the tenant's own console, reached through this console with the operator's session.
// Unlike the 2021 proxy it passes status codes through, streams both ways, carries WebSockets,
// verifies the tenant's certificate, and never gives the browser the tenant's keys or session.

export interface TenantProxyDeps {
  basePath: string;
  cluster: KubeCluster;
  services: ServiceAddressing;
  sessions: SessionStore;
  cookies: CookiePolicy;
  /** Why a page may not call in, or undefined when it may (sockets/origin.ts). */
  checkOrigin: (request: FastifyRequest) => OriginRefusal | undefined;
  /** The tenant console sessions; injectable so tests control their clock. */
  hops?: HopSessions;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Kubernetes object names (DNS-1123): nothing else can name a namespace or a tenant. */
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
/** Bigger messages are refused rather than buffered (the tenant's largest frame is a report). */
const MAX_SOCKET_MESSAGE = 64 * 1024 * 1024;
/** Browser messages held while the tenant's socket opens (they are keep-alives). */
const MAX_PENDING_MESSAGES = 64;

export async function registerTenantProxy(app: FastifyInstance, deps: TenantProxyDeps): Promise<void> {
  const hops = deps.hops ?? new HopSessions();
  const root = `${deps.basePath}/api/proxy`;

  /**
   * The operator's session is required, a browser's page must be of this origin, and RBAC must
   * let the session's token read the tenant, on every request.
   */
  const admit = async (request: FastifyRequest) => {
    const params = request.params as { namespace: string; tenant: string };
    const prefix = `${root}/${params.namespace}/${params.tenant}`;
    if (!OBJECT_NAME.test(params.namespace) || !OBJECT_NAME.test(params.tenant)) {
      throw new ApiError('badRequest', 'namespace and tenant must be Kubernetes object names');
    }
    // The rest of the path is passed on as sent, so the prefix must be spelled as it is decoded.
    if (!request.url.startsWith(prefix)) {
      throw new ApiError('badRequest', 'namespace and tenant must not be percent-encoded');
    }
    const session = deps.sessions.touch(deps.cookies.read(request, SESSION_COOKIE));
    if (!session?.kube) throw new ApiError('sessionRequired');
    const foreign = deps.checkOrigin(request);
    if (foreign)
      throw new ApiError('csrfMismatch', `a page at ${foreign.origin} may not use the tenant proxy`);
    const { namespace } = params;
    const kc = kubeConfigFor(deps.cluster, session.kube.token);
    const tenant = await readTenant(kc, namespace, params.tenant);
    const key = `${params.namespace}/${params.tenant}/${tenantUsesTls(tenant) ? 'tls' : 'plain'}`;
    const hop = () =>
      hops.get(session, key, async () => {
        const [secrets, writable] = await Promise.all([
          readTenantKeys(kc, tenant),
          canI(kc, { verb: 'update', group: TENANT_GROUP, resource: TENANT_PLURAL, namespace }).catch(
            (err: unknown) => {
              throw fromKubeError(err);
            },
          ),
        ]);
        const target = tenantTargets(tenant, deps.services, deps.cluster.caPem, secrets.tenantCas);
        return { target, ...(await loginToTenant(target, secrets.root, writable)) };
      });
    return { session, namespace, prefix, key, hop };
  };

  /** The path (and query) below the prefix, as the browser encoded it. */
  const upstreamPath = (request: FastifyRequest, prefix: string) => {
    const rest = request.url.slice(prefix.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  };

  const forward = (
    request: FastifyRequest,
    prefix: string,
    hop: HopSession,
    body: boolean,
  ): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const target = hop.target.console;
      const upstream = requestService(
        target,
        {
          ...serviceRequestOptions(target, upstreamPath(request, prefix)),
          method: request.method,
          headers: tenantRequestHeaders(request.headers, {
            cookie: hop.cookie,
            ...(hop.csrfToken ? { csrfToken: hop.csrfToken } : {}),
            prefix,
          }),
        },
        resolve,
      );
      upstream.on('error', (err) => reject(fromServiceError(err, target)));
      if (body) pipeline(request.raw, upstream, () => {});
      else upstream.end();
    });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const { session, key, hop, prefix, namespace } = await admit(request);
    const hasBody =
      request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0'
        ? true
        : request.headers['transfer-encoding'] !== undefined;
    let current = await hop();
    if (MUTATING.has(request.method)) checkChange(request, session, current, namespace);
    let answer = await forward(request, prefix, current, hasBody);
    // The tenant console dropped its session (idle, restarted): log in again, once, when the
    // request can be sent again (no body was consumed).
    if (answer.statusCode === 401 && !hasBody) {
      answer.resume();
      hops.forget(session, key, current);
      current = await hop();
      answer = await forward(request, prefix, current, false);
    }
    const headers = tenantResponseHeaders(answer.headers, {
      prefix,
      upstreamOrigin: current.target.console.origin,
    });
    if (deps.cookies.isSecure(request)) headers['strict-transport-security'] = 'max-age=31536000';
    headers['referrer-policy'] = 'same-origin';
    reply.hijack();
    reply.raw.writeHead(answer.statusCode ?? 502, headers);
    pipeline(answer, reply.raw, (err) => {
      if (err) request.log.debug({ err }, 'tenant proxy: a transfer ended early');
    });
  };

  const relay = async (client: WebSocket, request: FastifyRequest) => {
    let upstream: WebSocket | undefined;
    const pending: { data: Buffer; binary: boolean }[] = [];
    client.on('message', (data: Buffer, binary: boolean) => {
      if (upstream?.readyState === WebSocket.OPEN) upstream.send(data, { binary });
      else if (pending.length < MAX_PENDING_MESSAGES) pending.push({ data, binary });
      else client.close(SOCKET_REFUSED, 'too many messages before the stream opened');
    });
    client.on('close', () => upstream?.close());
    try {
      const { hop, prefix } = await admit(request);
      const current = await hop();
      const target = current.target.console;
      const url = new URL(upstreamPath(request, prefix), target.origin);
      url.protocol = target.tls ? 'wss:' : 'ws:';
      upstream = new WebSocket(url, {
        headers: {
          cookie: current.cookie,
          origin: target.origin,
          'x-forwarded-prefix': prefix,
        },
        maxPayload: MAX_SOCKET_MESSAGE,
        ...(target.tls
          ? {
              servername: target.tls.servername,
              ...(target.tls.ca.length > 0 ? { ca: target.tls.ca } : {}),
            }
          : {}),
      });
    } catch (err) {
      const error = err instanceof ApiError ? err : fromServiceError(err, { origin: '' });
      return client.close(error.status >= 500 ? SOCKET_FAILED : SOCKET_REFUSED, refusalReason(error));
    }
    const peer = upstream;
    if (client.readyState !== WebSocket.OPEN) return peer.terminate();
    peer.on('open', () => {
      for (const { data, binary } of pending.splice(0)) peer.send(data, { binary });
    });
    peer.on('message', (data: Buffer, binary: boolean) => {
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary });
    });
    peer.on('close', (code, reason) => {
      if (client.readyState === WebSocket.OPEN) client.close(sendableCode(code), reason);
    });
    peer.on('error', (err) => {
      const error = fromServiceError(err, { origin: peer.url });
      if (client.readyState === WebSocket.OPEN) client.close(SOCKET_FAILED, refusalReason(error));
    });
    peer.on('unexpected-response', (_req, res) => {
      res.resume();
      const code = res.statusCode === 401 || res.statusCode === 403 ? SOCKET_REFUSED : SOCKET_FAILED;
      if (client.readyState === WebSocket.OPEN)
        client.close(code, `the tenant's console refused the stream (${res.statusCode})`);
      peer.terminate();
    });
  };

  await app.register(async (scope) => {
    // Bodies go to the tenant as they arrive: nothing here reads, parses or limits them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // The proxy's own answers (errors, the redirect) show in the operator's frame too.
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      const csp = reply.getHeader('Content-Security-Policy');
      if (typeof csp === 'string') reply.header('Content-Security-Policy', framedBySelf(csp));
      return payload;
    });
    const url = `${root}/:namespace/:tenant/*`;
    scope.route({ method: 'GET', url, handler: handle, wsHandler: relay });
    scope.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url, handler: handle });
    // The frame's address without the final slash: relative links need it.
    scope.get(`${root}/:namespace/:tenant`, async (request, reply) => {
      const [path, query] = request.url.split('?');
      return reply.redirect(`${path}/${query === undefined ? '' : `?${query}`}`, 302);
    });
  });
}

/**
 * A change through the proxy (operator.md §3.1 had no check at all) carries a CSRF token: the
 * tenant console's own (the framed app learns it from the tenant's GET /session, through the
 * proxy) or the operator console's. A tenant console that has no CSRF tokens (MinIO's) sends
 * none; its calls are taken when the browser says they come from a page of this origin. Either
 * way the session cookie is SameSite=Strict, so another site's page cannot ride on it. A token
 * that may only read the Tenant changes nothing in it, whatever its view's credential allows.
 */
export function checkChange(
  request: Pick<FastifyRequest, 'headers'>,
  session: Session,
  hop: HopSession,
  namespace: string,
): void {
  const header = request.headers['x-csrf-token'];
  const token = typeof header === 'string' ? header : undefined;
  const tokenMatches =
    csrfMatches(session.csrfToken, token) ||
    (hop.csrfToken !== undefined && csrfMatches(hop.csrfToken, token));
  const fromOwnPage =
    request.headers.origin !== undefined && request.headers['sec-fetch-site'] !== 'cross-site';
  if (!tokenMatches && !(hop.csrfToken === undefined && token === undefined && fromOwnPage)) {
    throw new ApiError('csrfMismatch');
  }
  if (!hop.writable) {
    throw new ApiError(
      'kubeForbidden',
      `this service account may not update tenants in the namespace "${namespace}": its view of the tenant is read-only`,
    );
  }
}

/** 1005 and 1006 describe a close; they cannot be sent in one. */
function sendableCode(code: number): number {
  return code === 1005 || code === 1006 || code < 1000 ? SOCKET_FAILED : code;
}
