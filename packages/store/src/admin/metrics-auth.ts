import { configDuration } from '../config/duration.js';
import { header, type RequestContext } from '../http/context.js';
import type { Identity } from '../iam/credentials.js';
import { verifyKeyedJwt } from '../iam/jwt.js';
import { evaluate } from '../iam/policy/index.js';
import { rightsOf } from '../iam/rights.js';
import { MAX_SKEW_MS } from '../s3/auth/common.js';
import { ApiError } from '../s3/errors.js';
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
// STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME from now.

/** `mc admin prometheus generate` signs its tokens for 100 years: the default keeps them working. */
export const DEFAULT_MAX_TOKEN_LIFETIME_MS = 100 * 365 * 24 * 3600 * 1000;

type Env = Record<string, string | undefined>;

/** The longest a token may still run, from the setting; a setting that is no duration refuses every token. */
function maxLifetimeMs(env: Env): number {
  const raw = env.STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME;
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_TOKEN_LIFETIME_MS;
  const ms = configDuration(raw);
  if (ms === undefined || ms <= 0)
    throw new ApiError(
      'AccessDenied',
      `STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME=${raw} is not a duration (such as 8760h or 30d): no metrics token is accepted`,
    );
  return ms;
}

/** The token says when it expires, not yet, and not further ahead than allowed. */
function assertLifetime(claims: Record<string, unknown>, now: number, env: Env): void {
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
    throw new ApiError('AccessDenied', 'The metrics token must say when it expires (exp)');
  const exp = claims.exp * 1000;
  if (exp <= now) throw new ApiError('ExpiredToken', 'The metrics token has expired');
  if (exp - now > maxLifetimeMs(env) + MAX_SKEW_MS)
    throw new ApiError(
      'AccessDenied',
      'The metrics token runs longer than STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME allows; make a shorter one',
    );
}

export function authorizeMetrics(ctx: RequestContext, deps: MetricsDeps, now = Date.now()): void {
  const env = deps.env ?? process.env;
  const mode = env.STOWAGE_PROMETHEUS_AUTH_TYPE ?? env.MINIO_PROMETHEUS_AUTH_TYPE ?? 'jwt';
  if (mode === 'public') return;
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
  assertLifetime(claims, now, env);
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
