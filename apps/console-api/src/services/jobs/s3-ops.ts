import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { uriEncode, XML_READ_OPTIONS } from '@stowage/madmin';
import { XMLParser } from 'fast-xml-parser';
import type { Client as S3Client } from 'minio';
import type { SelectedObject } from './selection.js';

// The few S3 calls a job makes that the SDK does not answer in full: DeleteObjects with the
// delete markers it made (undo needs their version ids), and CopyObject with headers of our
// own (a storage class, the source's version). Both go through the SDK's signed transport.

export interface Deleted {
  key: string;
  /** The delete marker the deletion made (versioned buckets). */
  markerVersionId?: string;
  error?: string;
}

const xml = new XMLParser({ ...XML_READ_OPTIONS, isArray: (name) => name === 'Deleted' || name === 'Error' });

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** DeleteObjects (up to 1000 keys, or versions of them): one outcome per target. */
export async function deleteObjects(
  s3: S3Client,
  bucket: string,
  targets: readonly { key: string; versionId?: string | undefined }[],
): Promise<Deleted[]> {
  if (targets.length === 0) return [];
  const objects = targets
    .map(
      (t) =>
        `<Object><Key>${escapeXml(t.key)}</Key>${t.versionId ? `<VersionId>${escapeXml(t.versionId)}</VersionId>` : ''}</Object>`,
    )
    .join('');
  const payload = Buffer.from(`<Delete><Quiet>false</Quiet>${objects}</Delete>`);
  const res = await s3.makeRequestAsync(
    {
      method: 'POST',
      bucketName: bucket,
      query: 'delete',
      headers: { 'Content-MD5': createHash('md5').update(payload).digest('base64') },
    },
    payload,
  );
  const doc = xml.parse(await text(res)) as {
    DeleteResult?: {
      Deleted?: { Key?: string; DeleteMarkerVersionId?: string }[];
      Error?: { Key?: string; Code?: string; Message?: string }[];
    };
  };
  const outcomes = new Map<string, Deleted>();
  for (const d of doc.DeleteResult?.Deleted ?? []) {
    const key = d.Key ?? '';
    outcomes.set(key, {
      key,
      ...(d.DeleteMarkerVersionId ? { markerVersionId: d.DeleteMarkerVersionId } : {}),
    });
  }
  for (const e of doc.DeleteResult?.Error ?? []) {
    const key = e.Key ?? '';
    outcomes.set(key, { key, error: e.Message || e.Code || 'not deleted' });
  }
  // A target the answer leaves out is reported, never counted as done.
  return targets.map(
    (t) => outcomes.get(t.key) ?? { key: t.key, error: 'the server did not report this key' },
  );
}

/** CopyObject from a bucket's key (a version of it) to another, with extra request headers. */
export async function copyObject(
  s3: S3Client,
  source: { bucket: string; key: string; versionId?: string | undefined },
  dest: { bucket: string; key: string },
  headers: Record<string, string> = {},
): Promise<void> {
  const copySource =
    `/${source.bucket}/${uriEncode(source.key, false)}` +
    (source.versionId ? `?versionId=${uriEncode(source.versionId, true)}` : '');
  const res = await s3.makeRequestAsync(
    {
      method: 'PUT',
      bucketName: dest.bucket,
      objectName: dest.key,
      headers: { 'x-amz-copy-source': copySource, ...headers },
    },
    '',
  );
  // A copy can fail after its 200 has been sent: the body then holds an Error, not a result.
  const body = await text(res);
  if (body.includes('<Error>')) {
    const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? 'the copy failed';
    throw new Error(message);
  }
}

/** The object's size and ETag; undefined when it does not exist. */
export async function headObject(
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<SelectedObject | undefined> {
  try {
    const stat = await s3.statObject(bucket, key);
    return { key, size: stat.size, etag: stat.etag };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
    throw err;
  }
}
