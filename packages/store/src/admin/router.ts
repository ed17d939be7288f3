import type { QueryPairs } from '../http/context.js';

// The admin API's routes (madmin-protocol.md §3). Anything else under /minio/admin/ is
// answered with 426 XMinioAdminVersionMismatch, which madmin relies on.

export const ADMIN_PREFIX = '/minio/admin/v3';

export type AdminOperation =
  | { op: 'AccountInfo'; prefixUsage: boolean }
  | { op: 'GetBucketQuota' | 'SetBucketQuota'; bucket: string };

export function parseAdminRequest(
  method: string,
  path: string,
  query: QueryPairs,
): AdminOperation | undefined {
  if (!path.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  const route = path.slice(ADMIN_PREFIX.length);
  if (method === 'GET' && route === '/accountinfo') {
    return { op: 'AccountInfo', prefixUsage: query.some(([k, v]) => k === 'prefix-usage' && v === 'true') };
  }
  const bucket = query.find(([k]) => k === 'bucket')?.[1] ?? '';
  if (method === 'GET' && route === '/get-bucket-quota') return { op: 'GetBucketQuota', bucket };
  if (method === 'PUT' && route === '/set-bucket-quota') return { op: 'SetBucketQuota', bucket };
  return undefined;
}
