import {
  parseCopySourceSseHeaders,
  type SseCustomerKey,
  SseHeaderError,
  type SseNone,
  sseResponseHeaders,
} from '../../crypto/index.js';
import { EngineError } from '../../engine/errors.js';
import type { NewObjectMeta, ObjectInfo, RangeSpec } from '../../engine/object-layer.js';
import { header, isPrivateChannel } from '../../http/context.js';
import { type Reply, xmlReply } from '../../http/reply.js';
import type { S3Call, S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import { type Opened, openObject, precheckWrite, toApiError, writeObject } from '../object-io.js';
import { type Conditions, evaluateConditions } from '../request/conditions.js';
import type { CopySource } from '../request/params.js';
import { encodeTagQuery, parseTagQuery } from '../request/tagging.js';
import type { S3Operation } from '../router.js';
import { bucketSettings } from '../settings.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { newVersionMeta, sseForWrite, withinQuota } from './objects.js';

type CopyOp = Extract<S3Operation, { op: 'CopyObject' }>;

/** The SSE-C key a copy request presents for its source. */
export function copySourceKey(call: S3Call): SseNone | SseCustomerKey {
  try {
    return parseCopySourceSseHeaders(call.ctx.headers, { secure: isPrivateChannel(call.ctx) });
  } catch (err) {
    if (err instanceof SseHeaderError) throw toApiError(err);
    throw err;
  }
}

/** Opens the copy source, after its x-amz-copy-source-if-* conditions (any failure is 412 for copies). */
export async function openCopySource(
  deps: S3Deps,
  call: S3Call,
  source: CopySource,
  c: Conditions,
  range?: RangeSpec,
): Promise<Opened> {
  await call.authorize({
    action: source.versionId ? 's3:GetObjectVersion' : 's3:GetObject',
    bucket: source.bucket,
    key: source.key,
  });
  const read = await openObject(deps, source.bucket, source.key, {
    sseKey: copySourceKey(call),
    ...(source.versionId === undefined ? {} : { versionId: source.versionId }),
    ...(range ? { range } : {}),
  }).catch((err: unknown) => {
    // A delete marker named by its version id: S3 refuses the copy as a bad request.
    if (err instanceof EngineError && err.code === 'MethodNotAllowed')
      throw new ApiError(
        'InvalidRequest',
        'The source of a copy request may not specifically refer to a delete marker by version id.',
      );
    throw err;
  });
  if (evaluateConditions(c, read.info.etag, read.info.modTime) !== 'ok') {
    read.stream.destroy();
    throw new ApiError('PreconditionFailed');
  }
  return read;
}

/** The copy's metadata: the source's or the request's (directives), with new lock settings. */
function metadataFor(op: CopyOp, call: S3Call, src: ObjectInfo, fromRequest: NewObjectMeta): NewObjectMeta {
  const meta: NewObjectMeta =
    op.metadataDirective === 'COPY'
      ? { contentType: src.contentType, userMeta: src.userMeta, headers: src.headers }
      : {
          contentType: fromRequest.contentType!,
          userMeta: fromRequest.userMeta!,
          headers: fromRequest.headers!,
        };
  const tagging = header(call.ctx.headers, 'x-amz-tagging');
  if (op.taggingDirective === 'COPY') {
    if (src.tags !== '') meta.tags = src.tags;
  } else if (tagging !== undefined) meta.tags = encodeTagQuery(parseTagQuery(tagging));
  if (fromRequest.retention) meta.retention = fromRequest.retention;
  if (fromRequest.legalHold !== undefined) meta.legalHold = fromRequest.legalHold;
  return meta;
}

/** CopyObject as a stream from the source into a new version: memory stays bounded for any size. */
export async function copyObject(deps: S3Deps, call: S3Call, op: CopyOp): Promise<Reply> {
  const { source } = op;
  const settings = await bucketSettings(deps, op.bucket);
  const sse = sseForWrite(call, settings, { copySource: true });
  const changesSomething =
    op.metadataDirective === 'REPLACE' ||
    op.taggingDirective === 'REPLACE' ||
    sse.kind !== 'none' ||
    source.versionId !== undefined;
  if (source.bucket === op.bucket && source.key === op.key && !changesSomething) {
    throw new ApiError(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    );
  }
  await precheckWrite(deps, op.bucket, op.key, op.condition);
  const read = await openCopySource(deps, call, source, op.conditions);
  const info = await withinQuota(deps, op.bucket, settings, read.info.size, async () =>
    writeObject(deps, {
      bucket: op.bucket,
      key: op.key,
      body: read.stream,
      size: read.info.size,
      meta: metadataFor(op, call, read.info, newVersionMeta(call, settings)),
      sse,
      versioning: settings.versioning,
      ...(op.condition ? { condition: op.condition } : {}),
    }),
  ).catch((err: unknown) => {
    read.stream.destroy();
    throw err;
  });
  const headers: Record<string, string> = { ...sseResponseHeaders(sse) };
  if (settings.versioning !== 'unversioned') headers['x-amz-version-id'] = info.versionId;
  if (read.info.versionId !== 'null') headers['x-amz-copy-source-version-id'] = read.info.versionId;
  return {
    ...xmlReply(
      elAttrs(
        'CopyObjectResult',
        { xmlns: S3_NAMESPACE },
        el('LastModified', info.modTime.toISOString()),
        el('ETag', `"${info.etag}"`),
      ),
    ),
    headers,
  };
}
