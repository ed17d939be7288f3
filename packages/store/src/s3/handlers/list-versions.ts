import { isValidVersionId } from '../../engine/erasure/versions.js';
import { ApiError } from '../../wire/errors.js';
import { type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import type { S3Deps } from '../call.js';
import { storageClassOf } from '../request/fields.js';
import type { S3Operation } from '../router.js';
import { owner } from './buckets.js';
import { naming } from './list.js';

type ListVersions = Extract<S3Operation, { op: 'ListObjectVersions' }>;

/** Every version and delete marker, by key, newest first within a key. */
export async function listObjectVersions(deps: S3Deps, op: ListVersions): Promise<Reply> {
  if (op.versionIdMarker !== '' && op.keyMarker === '') {
    throw new ApiError('InvalidArgument', 'A version-id marker cannot be specified without a key marker.');
  }
  if (op.versionIdMarker !== '' && !isValidVersionId(op.versionIdMarker)) {
    throw new ApiError('InvalidArgument', 'Invalid version id specified');
  }
  const result = await deps.layer.listObjectVersions({
    bucket: op.bucket,
    prefix: op.prefix,
    delimiter: op.delimiter,
    keyMarker: op.keyMarker,
    versionIdMarker: op.versionIdMarker,
    maxKeys: op.maxKeys,
  });
  const name = naming(op);
  return xmlReply(
    elAttrs(
      'ListVersionsResult',
      { xmlns: S3_NAMESPACE },
      el('Name', op.bucket),
      el('Prefix', name(op.prefix)),
      el('KeyMarker', name(op.keyMarker)),
      el('VersionIdMarker', op.versionIdMarker),
      result.nextKeyMarker !== undefined ? el('NextKeyMarker', name(result.nextKeyMarker)) : null,
      result.nextVersionIdMarker !== undefined ? el('NextVersionIdMarker', result.nextVersionIdMarker) : null,
      el('MaxKeys', op.maxKeys),
      op.delimiter ? el('Delimiter', name(op.delimiter)) : null,
      op.encodingType ? el('EncodingType', 'url') : null,
      el('IsTruncated', result.isTruncated),
      result.versions.map((v) =>
        v.deleteMarker
          ? el(
              'DeleteMarker',
              el('Key', name(v.key)),
              el('VersionId', v.versionId),
              el('IsLatest', v.isLatest),
              el('LastModified', v.modTime.toISOString()),
              owner(),
            )
          : el(
              'Version',
              el('Key', name(v.key)),
              el('VersionId', v.versionId),
              el('IsLatest', v.isLatest),
              el('LastModified', v.modTime.toISOString()),
              el('ETag', `"${v.etag}"`),
              el('Size', v.size),
              el('StorageClass', storageClassOf(v.headers)),
              owner(),
            ),
      ),
      result.prefixes.map((p) => el('CommonPrefixes', el('Prefix', name(p)))),
    ),
  );
}
