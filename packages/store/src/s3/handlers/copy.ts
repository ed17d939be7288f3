import type { GetObjectResult, ObjectInfo, PutObjectInput, RangeSpec } from '../../engine/object-layer.js';
import { header } from '../../http/context.js';
import { type Reply, xmlReply } from '../../http/reply.js';
import type { S3Call, S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import { type Conditions, evaluateConditions } from '../request/conditions.js';
import type { CopySource } from '../request/params.js';
import type { S3Operation } from '../router.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { storedHeaders, userMeta } from './objects.js';

type CopyOp = Extract<S3Operation, { op: 'CopyObject' }>;

/** Opens the copy source, after its x-amz-copy-source-if-* conditions (any failure is 412 for copies). */
export async function openCopySource(
  deps: S3Deps,
  source: CopySource,
  c: Conditions,
  range?: RangeSpec,
): Promise<GetObjectResult> {
  const read = await deps.layer.getObject(source.bucket, source.key, range);
  if (evaluateConditions(c, read.info.etag, read.info.modTime) !== 'ok') {
    read.stream.destroy();
    throw new ApiError('PreconditionFailed');
  }
  return read;
}

function metadataFor(
  op: CopyOp,
  call: S3Call,
  src: ObjectInfo,
): Pick<PutObjectInput, 'contentType' | 'userMeta' | 'headers'> {
  if (op.metadataDirective === 'COPY')
    return { contentType: src.contentType, userMeta: src.userMeta, headers: src.headers };
  return {
    contentType: header(call.ctx.headers, 'content-type') || 'binary/octet-stream',
    userMeta: userMeta(call),
    headers: storedHeaders(call),
  };
}

/** CopyObject as a stream from getObject into putObject: memory stays bounded for any size. */
export async function copyObject(deps: S3Deps, call: S3Call, op: CopyOp): Promise<Reply> {
  const { source } = op;
  if (source.bucket === op.bucket && source.key === op.key && op.metadataDirective === 'COPY') {
    throw new ApiError(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    );
  }
  const read = await openCopySource(deps, source, op.conditions);
  const info = await deps.layer.putObject({
    bucket: op.bucket,
    key: op.key,
    body: read.stream,
    size: read.info.size,
    ...metadataFor(op, call, read.info),
  });
  return xmlReply(
    elAttrs(
      'CopyObjectResult',
      { xmlns: S3_NAMESPACE },
      el('LastModified', info.modTime.toISOString()),
      el('ETag', `"${info.etag}"`),
    ),
  );
}
