import { assumeRole } from '@stowage/madmin';
import { serviceFetch } from '../../clients/service-http.js';
import { ApiError } from '../../http/errors.js';
import type { TenantKeys, TenantTargets } from './tenant-reach.js';

// "Manage Tenant" (the hop, operator.md §3.1): the operator console logs into a tenant's own
// console on the operator's behalf. The tenant's root keys are read with the operator's token
// and used only to sign one STS request to the tenant's MinIO; they never leave this process.
// The tenant console gets the temporary credentials that request returns.

/** How long a hop credential lasts; a new one is made when it runs out. */
export const HOP_CREDENTIAL_SECONDS = 3600;

/**
 * The hop credential's session policy (intersected with root's) for an operator whose token
 * may change the tenant: everything a tenant administrator does in the tenant console, except
 * replacing the server binary, which the operator owns (the Tenant's image: Update MinIO
 * Version) and would undo.
 */
export const HOP_ADMIN_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['admin:*'] },
    { Effect: 'Allow', Action: ['kms:*'] },
    { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
    { Effect: 'Deny', Action: ['admin:ServerUpdate'] },
  ],
});

/** For an operator whose token may only read the tenant: the tenant console's views, no change. */
export const HOP_READ_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['s3:Get*', 's3:List*'], Resource: ['arn:aws:s3:::*'] },
    {
      Effect: 'Allow',
      Action: [
        'admin:ServerInfo',
        'admin:StorageInfo',
        'admin:DataUsageInfo',
        'admin:Prometheus',
        'admin:ServerTrace',
        'admin:ConsoleLog',
        'admin:BandwidthMonitor',
        'admin:KMSKeyStatus',
        'admin:LicenseInfo',
        'admin:List*',
        'admin:Get*',
      ],
    },
  ],
});

/** A logged-in tenant console session, kept in the operator's session, never sent to the browser. */
export interface TenantLogin {
  /** `name=value; …` of every cookie the tenant console set at login. */
  cookie: string;
  /** The tenant console's CSRF token, when it has them (Stowage does; MinIO's console does not). */
  csrfToken?: string;
  /** Whether it may change the tenant (the operator's token may update the Tenant). */
  writable: boolean;
  /** When the credential behind it runs out (ms since the epoch). */
  expiresAt: number;
}

/**
 * STS AssumeRole on the tenant's MinIO, signed with its root keys and limited by the admin or the
 * read policy above (`writable`: whether the operator's token may update the Tenant), then
 * a login to the tenant's console with those temporary keys (the login form's `sts` field).
 */
export async function loginToTenant(
  target: TenantTargets,
  root: TenantKeys['root'],
  writable: boolean,
  now = Date.now(),
): Promise<TenantLogin> {
  const temporary = await assumeRole({
    endpoint: target.minio.origin,
    credentials: root,
    durationSeconds: HOP_CREDENTIAL_SECONDS,
    policy: writable ? HOP_ADMIN_POLICY : HOP_READ_POLICY,
    fetch: serviceFetch(target.minio, 'tenantUnreachable'),
  }).catch((err: unknown) => {
    if (err instanceof ApiError) throw err; // unreachable, or its certificate not trusted
    throw new ApiError('tenantError', `the tenant's MinIO refused a credential: ${describe(err)}`);
  });
  const send = serviceFetch(target.console, 'tenantConsoleUnreachable');
  const login = await send(new URL('/api/v1/login', target.console.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accessKey: temporary.accessKey,
      secretKey: temporary.secretKey,
      sts: temporary.sessionToken,
    }),
  });
  if (!login.ok) {
    throw new ApiError(
      'tenantConsoleUnreachable',
      `the tenant's console refused the login (${login.status}): ${(await login.text()).slice(0, 200)}`,
    );
  }
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('='))
    .join('; ');
  if (!cookie) throw new ApiError('tenantConsoleUnreachable', "the tenant's console set no session cookie");
  const session = await send(new URL('/api/v1/session', target.console.origin), {
    headers: { cookie, accept: 'application/json' },
  });
  const csrfToken = session.ok
    ? ((await session.json().catch(() => ({}))) as { csrfToken?: unknown }).csrfToken
    : undefined;
  return {
    cookie,
    writable,
    ...(typeof csrfToken === 'string' ? { csrfToken } : {}),
    expiresAt: Math.min(temporary.expiration.getTime(), now + HOP_CREDENTIAL_SECONDS * 1000),
  };
}

function describe(err: unknown): string {
  return err instanceof ApiError ? err.detailedMessage : err instanceof Error ? err.message : String(err);
}
