import { type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import type { S3Call, S3Deps } from '../call.js';
import { storageClassOf } from '../request/fields.js';
import type { S3Operation } from '../router.js';
import { checksumElements, objectChecksums, partChecksums, versionIdHeader } from './objects.js';
import { checkKeyOpens, isMultipart, readKey } from './read.js';

// GetObjectAttributes: what a HEAD tells and more (the checksum, the parts of a multipart
// object), as XML, only the attributes asked for. An SSE-C object needs its key, as HEAD does.

type Op = Extract<S3Operation, { op: 'GetObjectAttributes' }>;

export async function getObjectAttributes(deps: S3Deps, call: S3Call, op: Op): Promise<Reply> {
  const info = await deps.layer.getObjectInfo(
    op.bucket,
    op.key,
    op.versionId ? { versionId: op.versionId } : {},
  );
  checkKeyOpens(deps, op, info, readKey(call.ctx));
  const wants = new Set(op.attributes);
  // The object's own value without the -N part count that GET and HEAD answer (as S3 and MinIO).
  const checksum = checksumElements(
    Object.fromEntries(
      Object.entries(objectChecksums(info.internal)).map(([k, v]) => [
        k,
        k === 'checksum-type' ? v : v.replace(/-\d+$/, ''),
      ]),
    ),
  );
  const after = info.parts.filter((p) => p.number > op.partNumberMarker);
  const page = after.slice(0, op.maxParts);
  const headers: Record<string, string> = {
    'Last-Modified': info.modTime.toUTCString(),
    ...versionIdHeader(info.versionId),
  };
  return xmlReply(
    elAttrs(
      'GetObjectAttributesResponse',
      { xmlns: S3_NAMESPACE },
      wants.has('ETag') ? el('ETag', info.etag) : null,
      wants.has('Checksum') && checksum.length > 0 ? el('Checksum', checksum) : null,
      wants.has('ObjectParts') && isMultipart(info)
        ? el(
            'ObjectParts',
            el('IsTruncated', after.length > page.length),
            el('MaxParts', op.maxParts),
            el('NextPartNumberMarker', page.at(-1)?.number ?? op.partNumberMarker),
            el('PartNumberMarker', op.partNumberMarker),
            page.map((p) =>
              el(
                'Part',
                checksumElements(partChecksums(info, p)),
                el('PartNumber', p.number),
                el('Size', p.size),
              ),
            ),
            el('PartsCount', info.parts.length),
          )
        : null,
      wants.has('StorageClass') ? el('StorageClass', storageClassOf(info.headers)) : null,
      wants.has('ObjectSize') ? el('ObjectSize', info.size) : null,
    ),
    200,
    headers,
  );
}
