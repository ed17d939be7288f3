import { type Reply, xmlReply } from '../../http/reply.js';
import type { S3Deps } from '../call.js';
import type { UploadRecord } from '../multipart/records.js';
import type { S3Operation } from '../router.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { owner } from './buckets.js';
import { partStore } from './multipart.js';

type Op<N extends S3Operation['op']> = Extract<S3Operation, { op: N }>;

const initiator = () => el('Initiator', el('ID', 'stowage'), el('DisplayName', 'stowage'));

export async function listParts(deps: S3Deps, op: Op<'ListParts'>): Promise<Reply> {
  const store = partStore(deps);
  await store.get(op.bucket, op.key, op.uploadId);
  const after = (await store.parts(op.uploadId)).filter((p) => p.partNumber > op.partNumberMarker);
  const page = after.slice(0, op.maxParts);
  const truncated = after.length > page.length;
  return xmlReply(
    elAttrs(
      'ListPartsResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('UploadId', op.uploadId),
      initiator(),
      owner(),
      el('StorageClass', 'STANDARD'),
      el('PartNumberMarker', op.partNumberMarker),
      el('NextPartNumberMarker', page.at(-1)?.partNumber ?? 0),
      el('MaxParts', op.maxParts),
      el('IsTruncated', truncated),
      page.map((p) =>
        el(
          'Part',
          el('PartNumber', p.partNumber),
          el('LastModified', p.lastModified),
          el('ETag', `"${p.etag}"`),
          el('Size', p.size),
          Object.entries(p.checksums).map(([alg, v]) => el(`Checksum${alg.toUpperCase()}`, v)),
        ),
      ),
    ),
  );
}

const order = (a: UploadRecord, b: UploadRecord): number =>
  a.key < b.key
    ? -1
    : a.key > b.key
      ? 1
      : a.initiated.localeCompare(b.initiated) || a.uploadId.localeCompare(b.uploadId);

/** Uploads in key order (then by initiation), after the key/upload-id markers, rolled up by delimiter. */
export async function listMultipartUploads(deps: S3Deps, op: Op<'ListMultipartUploads'>): Promise<Reply> {
  await deps.layer.getBucketInfo(op.bucket);
  const all = (await partStore(deps).list())
    .filter((u) => u.bucket === op.bucket && u.key.startsWith(op.prefix))
    .sort(order);
  let start = 0;
  if (op.keyMarker !== '') {
    start = all.findIndex((u) =>
      op.uploadIdMarker === ''
        ? u.key > op.keyMarker
        : u.key > op.keyMarker || (u.key === op.keyMarker && u.uploadId > op.uploadIdMarker),
    );
    if (start < 0) start = all.length;
  }
  const uploads: UploadRecord[] = [];
  const prefixes: string[] = [];
  let truncated = false;
  let next = { key: '', uploadId: '' };
  for (const u of all.slice(start)) {
    const cut = op.delimiter === '' ? -1 : u.key.indexOf(op.delimiter, op.prefix.length);
    const prefix = cut < 0 ? undefined : u.key.slice(0, cut + op.delimiter.length);
    if (prefix !== undefined && prefixes.at(-1) === prefix) continue;
    if (uploads.length + prefixes.length >= op.maxUploads) {
      truncated = true;
      break;
    }
    if (prefix !== undefined) prefixes.push(prefix);
    else uploads.push(u);
    next = prefix !== undefined ? { key: prefix, uploadId: '' } : { key: u.key, uploadId: u.uploadId };
  }
  return xmlReply(
    elAttrs(
      'ListMultipartUploadsResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('KeyMarker', op.keyMarker),
      el('UploadIdMarker', op.uploadIdMarker),
      truncated ? el('NextKeyMarker', next.key) : null,
      truncated ? el('NextUploadIdMarker', next.uploadId) : null,
      op.delimiter ? el('Delimiter', op.delimiter) : null,
      el('Prefix', op.prefix),
      el('MaxUploads', op.maxUploads),
      el('IsTruncated', truncated),
      uploads.map((u) =>
        el(
          'Upload',
          el('Key', u.key),
          el('UploadId', u.uploadId),
          initiator(),
          owner(),
          el('StorageClass', 'STANDARD'),
          el('Initiated', u.initiated),
        ),
      ),
      prefixes.map((p) => el('CommonPrefixes', el('Prefix', p))),
    ),
  );
}
