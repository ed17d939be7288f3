import { type Reply, xmlReply } from '../../http/reply.js';
import type { S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import type { S3Operation } from '../router.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { urlEncodeName } from './list.js';

type ListVersions = Extract<S3Operation, { op: 'ListObjectVersions' }>;

// The engine keeps one version per key, so every object lists as its own latest version
// with the version id "null", which is what S3 shows for a bucket that never had
// versioning. The markers page by key; a version-id marker can only be "null" (or empty).
export async function listObjectVersions(deps: S3Deps, op: ListVersions): Promise<Reply> {
  if (op.versionIdMarker !== '' && op.versionIdMarker !== 'null') {
    throw new ApiError('InvalidArgument', 'Invalid version id specified');
  }
  if (op.versionIdMarker !== '' && op.keyMarker === '') {
    throw new ApiError('InvalidArgument', 'A version-id marker cannot be specified without a key marker.');
  }
  const result = await deps.layer.listObjects({
    bucket: op.bucket,
    prefix: op.prefix,
    delimiter: op.delimiter,
    marker: op.keyMarker,
    maxKeys: op.maxKeys,
  });
  const name = op.encodingType === 'url' ? urlEncodeName : (s: string) => s;
  const next = result.isTruncated ? result.nextMarker : undefined;
  return xmlReply(
    elAttrs(
      'ListVersionsResult',
      { xmlns: S3_NAMESPACE },
      el('Name', op.bucket),
      el('Prefix', name(op.prefix)),
      el('KeyMarker', name(op.keyMarker)),
      el('VersionIdMarker', op.versionIdMarker),
      next !== undefined ? el('NextKeyMarker', name(next)) : null,
      next !== undefined ? el('NextVersionIdMarker', 'null') : null,
      el('MaxKeys', op.maxKeys),
      op.delimiter ? el('Delimiter', name(op.delimiter)) : null,
      op.encodingType ? el('EncodingType', 'url') : null,
      el('IsTruncated', result.isTruncated),
      result.objects.map((o) =>
        el(
          'Version',
          el('Key', name(o.key)),
          el('VersionId', 'null'),
          el('IsLatest', true),
          el('LastModified', o.modTime.toISOString()),
          el('ETag', `"${o.etag}"`),
          el('Size', o.size),
          el('StorageClass', 'STANDARD'),
        ),
      ),
      result.prefixes.map((p) => el('CommonPrefixes', el('Prefix', name(p)))),
    ),
  );
}
