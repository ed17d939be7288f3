import { type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import type { S3Deps } from '../call.js';
import { storageClassOf } from '../request/fields.js';
import type { S3Operation } from '../router.js';
import { owner } from './buckets.js';
import { urlEncodeName } from './list.js';
import { checksumOf } from './multipart.js';
import { checksumElements } from './objects.js';

type Op<N extends S3Operation['op']> = Extract<S3Operation, { op: N }>;

const initiator = () => el('Initiator', el('ID', 'stowage'), el('DisplayName', 'stowage'));

export async function listParts(deps: S3Deps, op: Op<'ListParts'>): Promise<Reply> {
  const upload = await deps.layer.getMultipartUpload(op.bucket, op.key, op.uploadId);
  // One more than the page: whether it is truncated.
  const after = await deps.layer.listObjectParts(op.bucket, op.key, op.uploadId, {
    after: op.partNumberMarker,
    limit: op.maxParts + 1,
  });
  const page = after.slice(0, op.maxParts);
  // An empty page is never truncated: its next marker could not move on (max-parts=0).
  const truncated = page.length > 0 && after.length > page.length;
  const checksum = checksumOf(upload);
  return xmlReply(
    elAttrs(
      'ListPartsResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('UploadId', op.uploadId),
      initiator(),
      owner(),
      el('StorageClass', storageClassOf(upload.meta.headers ?? {})),
      checksum
        ? [el('ChecksumAlgorithm', checksum.algorithm.toUpperCase()), el('ChecksumType', checksum.type)]
        : [],
      el('PartNumberMarker', op.partNumberMarker),
      el('NextPartNumberMarker', page.at(-1)?.number ?? op.partNumberMarker),
      el('MaxParts', op.maxParts),
      el('IsTruncated', truncated),
      page.map((p) =>
        el(
          'Part',
          el('PartNumber', p.number),
          el('LastModified', p.modTime.toISOString()),
          el('ETag', `"${p.etag}"`),
          el('Size', p.size),
          checksumElements(p.internal),
        ),
      ),
    ),
  );
}

/** Uploads in key order (then by initiation), after the key/upload-id markers, rolled up by delimiter. */
export async function listMultipartUploads(deps: S3Deps, op: Op<'ListMultipartUploads'>): Promise<Reply> {
  const result = await deps.layer.listMultipartUploads({
    bucket: op.bucket,
    prefix: op.prefix,
    delimiter: op.delimiter,
    keyMarker: op.keyMarker,
    uploadIdMarker: op.uploadIdMarker,
    maxUploads: op.maxUploads,
  });
  const name = op.encodingType === 'url' ? urlEncodeName : (s: string) => s;
  return xmlReply(
    elAttrs(
      'ListMultipartUploadsResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('KeyMarker', name(op.keyMarker)),
      el('UploadIdMarker', op.uploadIdMarker),
      result.isTruncated ? el('NextKeyMarker', name(result.nextKeyMarker ?? '')) : null,
      result.isTruncated ? el('NextUploadIdMarker', result.nextUploadIdMarker ?? '') : null,
      op.delimiter ? el('Delimiter', name(op.delimiter)) : null,
      el('Prefix', name(op.prefix)),
      el('MaxUploads', op.maxUploads),
      op.encodingType ? el('EncodingType', 'url') : null,
      el('IsTruncated', result.isTruncated),
      result.uploads.map((u) =>
        el(
          'Upload',
          el('Key', name(u.key)),
          el('UploadId', u.uploadId),
          initiator(),
          owner(),
          el('StorageClass', storageClassOf(u.meta.headers ?? {})),
          el('Initiated', u.initiated.toISOString()),
        ),
      ),
      result.prefixes.map((p) => el('CommonPrefixes', el('Prefix', name(p)))),
    ),
  );
}
