import type { OutboundPolicy } from '../net/outbound.js';
import { objectUrl, type ReplicaVersion, remoteRefusal, replicaHeaders, send, signedCall } from './client.js';
import type { BucketTarget } from './targets.js';

// What a target already holds decides what is sent (MinIO's getReplicationAction): a version
// it lacks, or holds with other data, goes whole; one it holds with the same data gets only
// its tags and object lock again (MinIO's replicateMetadata), as a CopyObject onto itself
// that the target applies in place. A tag or lock change never re-sends the data.

/** The data of a version as the target holds it; undefined when it has no such version. */
export async function headReplica(
  t: BucketTarget,
  key: string,
  versionId: string,
  outbound: OutboundPolicy,
): Promise<{ etag: string; size: number } | undefined> {
  const url = objectUrl(t, key, `?versionId=${encodeURIComponent(versionId)}`);
  const res = await signedCall(t, url, 'HEAD', {}, undefined, outbound);
  // 404: no such version; 405: that id is a delete marker there (its data differs); 403:
  // the target's keys may write but not read, so the version is sent whole, as before.
  if (res.status === 404 || res.status === 405 || res.status === 403) return undefined;
  if (res.status < 200 || res.status >= 300) throw remoteRefusal(t, res);
  const etag = String(res.headers.etag ?? '').replace(/"/g, '');
  return { etag, size: Number(res.headers['content-length'] ?? -1) };
}

export type ReplicationAction = 'all' | 'metadata';

/** Whole, unless the target holds the same bytes under the version id already. */
export const replicationAction = (
  source: { etag: string; size: number },
  remote: { etag: string; size: number } | undefined,
): ReplicationAction =>
  remote && remote.etag === source.etag && remote.size === source.size ? 'metadata' : 'all';

/** Sends a version's tags and object lock (in `v.headers`) to the replica of the same id. */
export async function copyReplicaMetadata(
  t: BucketTarget,
  v: Pick<ReplicaVersion, 'key' | 'versionId' | 'modTime' | 'tags'> & { lock: Record<string, string> },
  outbound: OutboundPolicy,
): Promise<void> {
  const source = `/${encodeURIComponent(t.targetbucket)}/${v.key
    .split('/')
    .map(encodeURIComponent)
    .join('/')}?versionId=${encodeURIComponent(v.versionId)}`;
  const headers: Record<string, string> = {
    ...replicaHeaders(v.versionId, v.modTime),
    'x-amz-copy-source': source,
    'x-amz-metadata-directive': 'REPLACE',
    'x-amz-tagging-directive': 'REPLACE',
    'x-amz-tagging': v.tags,
    ...v.lock,
  };
  await send(t, objectUrl(t, v.key), 'PUT', headers, undefined, outbound);
}
