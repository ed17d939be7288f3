import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { signRequest } from '@stowage/madmin';
import { type HttpAnswer, httpCall } from '../net/http-call.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { BucketTarget } from './targets.js';

// The calls a replication worker makes on a remote target, signed with the target's keys,
// carrying MinIO's replication request headers: the remote keeps the version's id and
// modification time and marks it a replica (which it never replicates back).

/** A call's deadline: a minute, and a second more per MiB sent (a slow link still finishes). */
const deadlineFor = (bytes: number): number => 60_000 + Math.ceil(bytes / 1024 ** 2) * 1000;

export interface ReplicaVersion {
  key: string;
  versionId: string;
  modTime: Date;
  /** The plaintext, streamed; `size` bytes of it. */
  body: Readable;
  size: number;
  contentType: string;
  userMeta: Record<string, string>;
  headers: Record<string, string>;
  /** URL-encoded tag set; '' when none. */
  tags: string;
}

/** A refusal or fault of the remote, with what it said. */
export class RemoteError extends Error {}

export const objectUrl = (t: BucketTarget, key: string, query = ''): URL =>
  new URL(
    `${t.secure ? 'https' : 'http'}://${t.endpoint}/${encodeURIComponent(t.targetbucket)}/${key
      .split('/')
      .map(encodeURIComponent)
      .join('/')}${query}`,
  );

export const replicaHeaders = (versionId: string, modTime: Date): Record<string, string> => ({
  'x-minio-source-replication-request': 'true',
  'x-minio-source-version-id': versionId,
  'x-minio-source-mtime': modTime.toISOString(),
});

/** One signed call to the target, its answer whatever it is. */
export async function signedCall(
  t: BucketTarget,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: { stream: Readable; size: number } | undefined,
  outbound: OutboundPolicy,
): Promise<HttpAnswer> {
  // A streamed body is not hashed ahead (it is read once, as it goes).
  const payloadHash = body ? 'UNSIGNED-PAYLOAD' : createHash('sha256').update('').digest('hex');
  if (body) headers['content-length'] = String(body.size);
  const signed = signRequest(
    { method, url, headers, payloadHash },
    { accessKey: t.credentials.accessKey, secretKey: t.credentials.secretKey ?? '' },
    { region: t.omitempty || 'us-east-1', service: 's3' },
  );
  delete signed.host;
  return httpCall(
    url,
    {
      method,
      headers: signed,
      ...(body ? { body: body.stream } : {}),
      timeoutMs: deadlineFor(body?.size ?? 0),
    },
    outbound,
  );
}

/** The remote's refusal, with the S3 code it gave. */
export function remoteRefusal(t: BucketTarget, res: HttpAnswer): RemoteError {
  const code = /<Code>([^<]*)<\/Code>/.exec(res.text)?.[1];
  return new RemoteError(`${t.endpoint}/${t.targetbucket}: ${code ?? `HTTP ${res.status}`}`);
}

/** A signed call that must succeed; its answer. */
export async function send(...call: Parameters<typeof signedCall>): Promise<HttpAnswer> {
  const res = await signedCall(...call);
  if (res.status >= 200 && res.status < 300) return res;
  throw remoteRefusal(call[0], res);
}

/** Sends one version whole, as a replica. */
export async function putReplica(
  t: BucketTarget,
  v: ReplicaVersion,
  outbound: OutboundPolicy,
): Promise<void> {
  const headers: Record<string, string> = {
    ...replicaHeaders(v.versionId, v.modTime),
    'content-type': v.contentType,
    ...v.headers,
  };
  for (const [k, value] of Object.entries(v.userMeta)) headers[`x-amz-meta-${k}`] = value;
  if (v.tags !== '') headers['x-amz-tagging'] = v.tags;
  await send(t, objectUrl(t, v.key), 'PUT', headers, { stream: v.body, size: v.size }, outbound);
}

/**
 * A delete on the remote: `marker` adds the source's delete marker (same id and time);
 * otherwise the version of that id goes.
 */
export async function deleteReplica(
  t: BucketTarget,
  d: { key: string; versionId: string; modTime: Date; marker: boolean },
  outbound: OutboundPolicy,
): Promise<void> {
  const headers = {
    ...replicaHeaders(d.versionId, d.modTime),
    'x-minio-source-deletemarker': String(d.marker),
  };
  const query = d.marker ? '' : `?versionId=${encodeURIComponent(d.versionId)}`;
  await send(t, objectUrl(t, d.key, query), 'DELETE', headers, undefined, outbound);
}
