import type { ListObjectsResult, ObjectInfo } from '../../engine/object-layer.js';
import { ApiError } from '../../wire/errors.js';
import { type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE, type XmlElement } from '../../wire/xml-writer.js';
import type { S3Deps } from '../call.js';
import { storageClassOf } from '../request/fields.js';
import type { ListParams, S3Operation } from '../router.js';
import { owner } from './buckets.js';

type ListV2 = Extract<S3Operation, { op: 'ListObjectsV2' }>;
type ListV1 = Extract<S3Operation, { op: 'ListObjects' }>;

/** encoding-type=url: percent-encode names, keeping '/' readable as S3 does. */
export function urlEncodeName(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%2F', '/');
}

// Continuation tokens are opaque to clients: base64url of the key or prefix listed last.
export const encodeToken = (marker: string): string => Buffer.from(marker, 'utf8').toString('base64url');

export function decodeToken(token: string): string {
  const marker = Buffer.from(token, 'base64url').toString('utf8');
  if (token === '' || encodeToken(marker) !== token) {
    throw new ApiError('InvalidArgument', 'The continuation token provided is incorrect');
  }
  return marker;
}

function run(deps: S3Deps, bucket: string, p: ListParams, marker: string): Promise<ListObjectsResult> {
  return deps.layer.listObjects({
    bucket,
    prefix: p.prefix,
    delimiter: p.delimiter,
    marker,
    maxKeys: p.maxKeys,
  });
}

function contents(objects: ObjectInfo[], name: (s: string) => string, withOwner: boolean): XmlElement[] {
  return objects.map((o) =>
    el(
      'Contents',
      el('Key', name(o.key)),
      el('LastModified', o.modTime.toISOString()),
      el('ETag', `"${o.etag}"`),
      el('Size', o.size),
      withOwner ? owner() : null,
      el('StorageClass', storageClassOf(o.headers)),
    ),
  );
}

function prefixes(list: string[], name: (s: string) => string): XmlElement[] {
  return list.map((p) => el('CommonPrefixes', el('Prefix', name(p))));
}

/** How keys and prefixes are written: URL-encoded when the request asks for it. */
export const naming = (p: ListParams) => (p.encodingType === 'url' ? urlEncodeName : (s: string) => s);

export async function listObjectsV2(deps: S3Deps, op: ListV2): Promise<Reply> {
  const marker = op.continuationToken ? decodeToken(op.continuationToken) : op.startAfter;
  const result = await run(deps, op.bucket, op, marker);
  const name = naming(op);
  return xmlReply(
    elAttrs(
      'ListBucketResult',
      { xmlns: S3_NAMESPACE },
      el('Name', op.bucket),
      el('Prefix', name(op.prefix)),
      op.continuationToken !== undefined ? el('ContinuationToken', op.continuationToken) : null,
      result.isTruncated && result.nextMarker !== undefined
        ? el('NextContinuationToken', encodeToken(result.nextMarker))
        : null,
      op.startAfter ? el('StartAfter', name(op.startAfter)) : null,
      el('KeyCount', result.objects.length + result.prefixes.length),
      el('MaxKeys', op.maxKeys),
      op.delimiter ? el('Delimiter', name(op.delimiter)) : null,
      op.encodingType ? el('EncodingType', 'url') : null,
      el('IsTruncated', result.isTruncated),
      contents(result.objects, name, op.fetchOwner === true),
      prefixes(result.prefixes, name),
    ),
  );
}

export async function listObjectsV1(deps: S3Deps, op: ListV1): Promise<Reply> {
  const result = await run(deps, op.bucket, op, op.marker);
  const name = naming(op);
  return xmlReply(
    elAttrs(
      'ListBucketResult',
      { xmlns: S3_NAMESPACE },
      el('Name', op.bucket),
      // V1 answers its Prefix as sent even with encoding-type=url, as S3 does: botocore
      // decodes only Delimiter, Marker and NextMarker there (s3-tests' prefix_unreadable).
      el('Prefix', op.prefix),
      el('Marker', name(op.marker)),
      result.isTruncated && result.nextMarker !== undefined
        ? el('NextMarker', name(result.nextMarker))
        : null,
      el('MaxKeys', op.maxKeys),
      op.delimiter ? el('Delimiter', name(op.delimiter)) : null,
      op.encodingType ? el('EncodingType', 'url') : null,
      el('IsTruncated', result.isTruncated),
      contents(result.objects, name, true),
      prefixes(result.prefixes, name),
    ),
  );
}
