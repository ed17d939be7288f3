import { Readable } from 'node:stream';
import { el, renderXml } from '@stowage/madmin';
import type { OutboundPolicy } from '../net/outbound.js';
import { objectUrl, type ReplicaVersion, replicaHeaders, send, signedCall } from './client.js';
import type { BucketTarget } from './targets.js';

// A version that was uploaded in parts goes to the target in the same parts (MinIO's
// replicateObjectWithMultipart): the replica then has the source's multipart ETag
// ("…-N"), and a GET of ?partNumber=n reads the same bytes on both sides.

/** Consecutive slices of one stream, `sizes[i]` bytes each, read as they are asked for. */
export function slices(stream: Readable, sizes: readonly number[]): (() => Readable)[] {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let leftover: Buffer | undefined;
  const take = async function* (n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      let chunk = leftover;
      leftover = undefined;
      if (!chunk) {
        const next = await it.next();
        if (next.done) throw new Error(`the version ended ${left} bytes early`);
        chunk = Buffer.from(next.value);
      }
      if (chunk.length > left) {
        leftover = chunk.subarray(left);
        chunk = chunk.subarray(0, left);
      }
      left -= chunk.length;
      yield chunk;
    }
  };
  return sizes.map((n) => () => Readable.from(take(n), { objectMode: false }));
}

/** Sends one version as a multipart upload of parts of these sizes, as a replica. */
export async function putReplicaInParts(
  t: BucketTarget,
  v: ReplicaVersion,
  partSizes: readonly number[],
  outbound: OutboundPolicy,
): Promise<void> {
  const marks = replicaHeaders(v.versionId, v.modTime);
  const headers: Record<string, string> = { ...marks, 'content-type': v.contentType, ...v.headers };
  for (const [k, value] of Object.entries(v.userMeta)) headers[`x-amz-meta-${k}`] = value;
  if (v.tags !== '') headers['x-amz-tagging'] = v.tags;
  const created = await send(t, objectUrl(t, v.key, '?uploads='), 'POST', headers, undefined, outbound);
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)?.[1];
  if (!uploadId) throw new Error(`${t.endpoint}/${t.targetbucket}: no UploadId in the answer`);
  const upload = `uploadId=${encodeURIComponent(uploadId)}`;
  try {
    const etags: string[] = [];
    const parts = slices(v.body, partSizes);
    for (const [i, part] of parts.entries()) {
      const size = partSizes[i]!;
      const url = objectUrl(t, v.key, `?partNumber=${i + 1}&${upload}`);
      const res = await send(t, url, 'PUT', { ...marks }, { stream: part(), size }, outbound);
      etags.push(String(res.headers.etag ?? ''));
    }
    const complete = el(
      'CompleteMultipartUpload',
      etags.map((e, i) => el('Part', el('PartNumber', i + 1), el('ETag', e))),
    );
    const body = Buffer.from(renderXml(complete));
    const done = await send(
      t,
      objectUrl(t, v.key, `?${upload}`),
      'POST',
      { ...marks, 'content-type': 'application/xml' },
      { stream: Readable.from([body]), size: body.length },
      outbound,
    );
    // A Complete can fail with 200 and an error document (S3's rule).
    if (/<Error>/.test(done.text))
      throw new Error(`${t.endpoint}/${t.targetbucket}: ${done.text.slice(0, 200)}`);
  } catch (err) {
    await signedCall(t, objectUrl(t, v.key, `?${upload}`), 'DELETE', {}, undefined, outbound).catch(
      () => undefined,
    );
    throw err;
  }
}
