import type { Credentials } from '@stowage/madmin';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';
import { versionQuery } from './version.js';

// Share links outlive the session that made them: each is presigned with its own access key,
// created for the user, allowed only to read that one object, and expiring with the link.

/** Spec 001 §9: share links last at most, and by default, 7 days. */
export const SHARE_MAX_SECONDS = 7 * 24 * 60 * 60;

const UNIT_SECONDS = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;

/** Seconds in a Go-style duration (`604800000ms`, `168h`); the default is the maximum. */
export function shareSeconds(expires: string | undefined): number {
  if (expires === undefined) return SHARE_MAX_SECONDS;
  const m = expires.match(/^(\d+)(ms|s|m|h)$/);
  const seconds = m ? Math.floor(Number(m[1]) * UNIT_SECONDS[m[2] as keyof typeof UNIT_SECONDS]) : Number.NaN;
  if (!(seconds >= 1))
    throw new ApiError(
      'badRequest',
      'query/expires must be a positive duration',
      'Selected date must be greater than current time.',
    );
  if (seconds > SHARE_MAX_SECONDS) {
    throw new ApiError(
      'badRequest',
      'query/expires exceeds 7 days',
      'You can share a file only for less than 7 days.',
    );
  }
  return seconds;
}

export function readOnlyPolicy(bucket: string, key: string) {
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow' as const, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/${key}`] },
    ],
  };
}

export async function shareObject(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  key: string,
  opts: { versionId?: string | undefined; expires?: string | undefined },
): Promise<string> {
  const seconds = shareSeconds(opts.expires);
  // The object must exist and be readable by the user before a link is handed out.
  await storageCall(gateway.s3(session).statObject(bucket, key, versionQuery(opts.versionId)));
  const expiration = new Date(Date.now() + seconds * 1000 + 60_000);
  const link = await storageCall(
    gateway.admin(session).serviceAccounts.add({
      policy: readOnlyPolicy(bucket, key),
      comment: `share link for ${bucket}/${key}`.slice(0, 256),
      expiration: expiration.toISOString(),
    }),
  );
  const params: Record<string, string> = opts.versionId ? { versionId: opts.versionId } : {};
  return storageCall(
    gateway
      .s3({ accessKey: link.accessKey, secretKey: link.secretKey })
      .presignedGetObject(bucket, key, seconds, params),
  );
}
