import type { ListBucketsResponse } from '@stowage/contract';
import type { Credentials } from '@stowage/madmin';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';

const ZERO_TIME = '0001-01-01T00:00:00Z';

/** Buckets with usage and the caller's access, from one AccountInfo call (no per-bucket calls). */
export async function listBuckets(
  gateway: StorageGateway,
  credentials: Credentials,
): Promise<ListBucketsResponse> {
  const account = await storageCall(gateway.accountInfo(credentials));
  const buckets = (account.Buckets ?? []).map((b) => ({
    name: b.name,
    creation_date: b.created ?? ZERO_TIME,
    size: b.size ?? 0,
    objects: b.objects ?? 0,
    rw_access: { read: b.access?.read ?? false, write: b.access?.write ?? false },
  }));
  buckets.sort((a, b) => a.name.localeCompare(b.name));
  return { buckets, total: buckets.length };
}
