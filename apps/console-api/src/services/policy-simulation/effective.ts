import { ACCESS_GROUPS, type AccessGroup, type EffectivePermissionsResponse } from '@stowage/contract';
import type { MadminClient } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import { ApiError } from '../../http/errors.js';
import {
  bucketDocument,
  type PrincipalDocuments,
  principalDocuments,
  type SourcedPolicy,
} from './documents.js';
import { decide } from './simulate.js';

// Effective permissions: the simulator asked once per action group. Object actions are asked of
// every object of the bucket at once (the resource `bucket/*`), so a grant on one prefix only
// does not count as the bucket's.

type Access = EffectivePermissionsResponse['rows'][number]['access'];

export async function effectivePermissions(
  admin: MadminClient,
  s3: S3Client,
  query: { user?: string | undefined; bucket?: string | undefined },
  now = new Date(),
): Promise<EffectivePermissionsResponse> {
  if ((query.user === undefined) === (query.bucket === undefined))
    throw new ApiError(
      'badRequest',
      'query must have exactly one of user and bucket',
      'ask for a user or a bucket',
    );
  if (query.user !== undefined) {
    const documents = await principalDocuments(admin, { kind: 'user', name: query.user });
    const buckets = (await storageCall(s3.listBuckets())).map((b) => b.name).sort();
    const rows = [];
    for (const name of buckets)
      rows.push({ name, access: accessOf(documents, await bucketDocument(s3, name), name, now) });
    return { rows };
  }
  const bucket = query.bucket as string;
  const policy = await bucketDocument(s3, bucket);
  const users = Object.keys(await storageCall(admin.users.list())).sort();
  const rows = [];
  for (const name of users) {
    const documents = await principalDocuments(admin, { kind: 'user', name });
    rows.push({ name, access: accessOf(documents, policy, bucket, now) });
  }
  return { rows };
}

function accessOf(
  documents: PrincipalDocuments,
  policy: SourcedPolicy | undefined,
  bucket: string,
  now: Date,
): Access {
  const entries = (Object.entries(ACCESS_GROUPS) as [AccessGroup, string][]).map(([group, action]) => {
    const onObjects = action.endsWith('Object');
    const request = { action, bucket, ...(onObjects ? { key: '*' } : {}) };
    return [group, decide(documents, policy, request, now).allowed] as const;
  });
  return Object.fromEntries(entries) as Access;
}
