import { evaluate } from '@stowage/policy';
import { configDuration } from '../config/duration.js';
import { header, type RequestContext } from '../http/context.js';
import type { Identity } from '../iam/credentials.js';
import { verifyKeyedJwt } from '../iam/jwt.js';
import { rightsOf } from '../iam/rights.js';
import { MAX_SKEW_MS } from '../s3/auth/common.js';
import { ApiError } from '../wire/errors.js';
import type { MetricsDeps } from './metrics.js';

// Who may read the Prometheus metrics: a Bearer JWT (HS256/384/512) signed with the secret
// of the access key it names (`sub`, or `accessKey`), issued by "prometheus" (as `mc admin
// prometheus generate` and MinIO's AuthMiddleware have it), whose identity may
// admin:Prometheus; or anyone with STOWAGE_PROMETHEUS_AUTH_TYPE (or
// MINIO_PROMETHEUS_AUTH_TYPE) = public.
//
// A token lives no longer than the credentials it names (a disabled or removed user, an
// expired or removed service account, expired temporary credentials, a changed secret end
// it), must say when it expires, and may not say later than
// STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME from now. Both settings are read once, at start.

/** `mc admin prometheus generate` signs its tokens for 100 years: the default keeps them working. */
export const DEFAULT_MAX_TOKEN_LIFETIME_MS = 100 * 365 * 24 * 3600 * 1000;

export interface MetricsAuth {
  /** STOWAGE_PROMETHEUS_AUTH_TYPE=public: anyone may read the metrics. */
  public: boolean;
  /** STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME: the furthest ahead a token's `exp` may lie. */
  maxTokenLifetimeMs: number;
}

/**
 * The metrics settings from the environment. An auth type other than jwt or public (MinIO
 * takes any other as jwt), or a lifetime that is no positive duration, throws, naming the
 * variable: the start stops rather than a typo showing only as refused scrapes.
 */
export function metricsAuthSetting(env: Record<string, string | undefined> = process.env): MetricsAuth {
  const typeVar =
    env.STOWAGE_PROMETHEUS_AUTH_TYPE === undefined
      ? 'MINIO_PROMETHEUS_AUTH_TYPE'
      : 'STOWAGE_PROMETHEUS_AUTH_TYPE';
  const type = (env[typeVar] ?? '').trim().toLowerCase() || 'jwt';
  if (type !== 'jwt' && type !== 'public')
    throw new Error(`${typeVar} must be jwt or public, not '${env[typeVar]}'`);
  const lifetime = env.STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME ?? '';
  const ms = lifetime.trim() === '' ? DEFAULT_MAX_TOKEN_LIFETIME_MS : configDuration(lifetime);
  if (ms === undefined || ms <= 0)
    throw new Error(
      `STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME must be a duration such as 720h or 30d, not '${lifetime}'`,
    );
  return { public: type === 'public', maxTokenLifetimeMs: ms };
}

/** The token says when it expires, not yet, and not further ahead than allowed. */
function assertLifetime(claims: Record<string, unknown>, now: number, maxLifetimeMs: number): void {
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
    throw new ApiError('AccessDenied', 'The metrics token must say when it expires (exp)');
  const exp = claims.exp * 1000;
  if (exp <= now) throw new ApiError('ExpiredToken', 'The metrics token has expired');
  if (exp - now > maxLifetimeMs + MAX_SKEW_MS)
    throw new ApiError(
      'AccessDenied',
      'The metrics token runs longer than STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME allows; make a shorter one',
    );
}

export function authorizeMetrics(ctx: RequestContext, deps: MetricsDeps, now = Date.now()): void {
  if (deps.auth.public) return;
  const auth = header(ctx.headers, 'authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  if (!token) throw new ApiError('AccessDenied', 'A Bearer token is required for metrics');
  const keyOf = (c: Record<string, unknown>) => (typeof c.sub === 'string' ? c.sub : c.accessKey);
  let identity: Identity | undefined;
  const claims = verifyKeyedJwt(token, (c) => {
    const key = keyOf(c);
    identity = typeof key === 'string' ? deps.credentials.lookup(key, new Date(now)) : undefined;
    return identity?.secretKey;
  });
  if (!claims || !identity) throw new ApiError('AccessDenied', 'The metrics token is not valid');
  if (claims.iss !== 'prometheus')
    throw new ApiError('AccessDenied', 'The metrics token must be issued by "prometheus" (iss)');
  assertLifetime(claims, now, deps.auth.maxTokenLifetimeMs);
  // Lookup keeps expired temporary credentials (so S3 can say ExpiredToken): not here.
  if (identity.expiration && identity.expiration.getTime() <= now)
    throw new ApiError('ExpiredToken', 'The credentials the metrics token names have expired');
  const rights = rightsOf(deps.credentials.iam, identity, deps.credentials.rootAccessKey);
  const facts = { action: 'admin:Prometheus', conditions: {} };
  const allowed =
    (rights.unlimited || evaluate(rights.policies, facts) === 'allow') &&
    rights.limits.every((l) => evaluate([l], facts) === 'allow');
  if (!allowed) throw new ApiError('AccessDenied');
}
