import { sseResponseHeaders } from '../../crypto/index.js';
import {
  type BodyFacts,
  MAX_OBJECT_SIZE,
  type PartInfo,
  type PutPartInput,
  type UploadInfo,
} from '../../engine/object-layer.js';
import { emptyReply, type Reply, xmlReply } from '../../http/reply.js';
import { declaredLength } from '../auth/payload.js';
import type { S3Call, S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import { checkReadKey, encryptPart, newObjectKey, objectKeyOf, sseOf, storedSse } from '../object-io.js';
import { objectUrl } from '../request/address.js';
import type { S3Operation } from '../router.js';
import { bucketSettings, versioningOf } from '../settings.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { assertCopySize, openCopySource } from './copy.js';
import { parseCompleteParts, type RequestedPart } from './multipart-xml.js';
import {
  checksumHeaders,
  contentMd5,
  newVersionMeta,
  sseForWrite,
  withChecksums,
  withinQuota,
} from './objects.js';
import { readKey } from './read.js';

// Multipart uploads: the engine keeps the upload and its parts; this layer adds what S3
// asks of the requests (encryption per part, declared checksums, quota, object lock).

type Op<N extends S3Operation['op']> = Extract<S3Operation, { op: N }>;

export async function createMultipartUpload(
  deps: S3Deps,
  call: S3Call,
  op: Op<'CreateMultipartUpload'>,
): Promise<Reply> {
  const settings = await bucketSettings(deps, op.bucket);
  const sse = sseForWrite(call, settings);
  const meta = newVersionMeta(call, settings);
  if (sse.kind !== 'none') meta.internal = newObjectKey(deps, sse, op.bucket, op.key).internal;
  const upload = await deps.layer.newMultipartUpload(op.bucket, op.key, meta);
  return xmlReply(
    elAttrs(
      'InitiateMultipartUploadResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('UploadId', upload.uploadId),
    ),
    200,
    sseResponseHeaders(sse),
  );
}

/** The part's body as the engine stores it: encrypted under the upload's key when it has one. */
function partBody(
  deps: S3Deps,
  call: S3Call,
  upload: UploadInfo,
  n: number,
  plain: { body: PutPartInput['body']; size: number; expectedMd5?: Buffer },
): Pick<PutPartInput, 'body' | 'size' | 'expectedMd5' | 'finish'> {
  const internal = { internal: upload.meta.internal ?? {} };
  const kind = storedSse(internal);
  if (kind === 'none')
    return {
      body: plain.body,
      size: plain.size,
      ...(plain.expectedMd5 ? { expectedMd5: plain.expectedMd5 } : {}),
    };
  // SSE-C parts carry the customer key again, and it must open the upload's key.
  const presented = readKey(call.ctx);
  checkReadKey(internal, presented);
  const objectKey = objectKeyOf(deps, internal, presented, { bucket: upload.bucket, key: upload.key });
  const enc = encryptPart(plain.body, plain.size, objectKey, n, kind, plain.expectedMd5);
  return { body: enc.body, size: enc.size, finish: enc.finish };
}

/** A part body whose declared checksums (headers or trailers) the part keeps. */
function withChecksumsOf<T extends { finish?: () => BodyFacts }>(call: S3Call, body: T): T {
  return Object.assign({}, body, { finish: withChecksums(call, body.finish) });
}

function partHeaders(upload: UploadInfo, part: PartInfo): Record<string, string> {
  return {
    ETag: `"${part.etag}"`,
    ...checksumHeaders(part.internal),
    ...sseResponseHeaders(sseOf({ internal: upload.meta.internal ?? {} })),
  };
}

export async function uploadPart(deps: S3Deps, call: S3Call, op: Op<'UploadPart'>): Promise<Reply> {
  const size = declaredLength(call.ctx, call.auth);
  if (size === undefined) throw new ApiError('MissingContentLength');
  if (size > MAX_OBJECT_SIZE) throw new ApiError('EntityTooLarge');
  const upload = await deps.layer.getMultipartUpload(op.bucket, op.key, op.uploadId);
  const md5 = contentMd5(call);
  const settings = await bucketSettings(deps, op.bucket);
  const part = await withinQuota(deps, op.bucket, settings, size, () =>
    deps.layer.putObjectPart({
      bucket: op.bucket,
      key: op.key,
      uploadId: op.uploadId,
      partNumber: op.partNumber,
      ...withChecksumsOf(
        call,
        partBody(deps, call, upload, op.partNumber, {
          body: call.body(),
          size,
          ...(md5 ? { expectedMd5: md5 } : {}),
        }),
      ),
    }),
  );
  return emptyReply(200, partHeaders(upload, part));
}

export async function uploadPartCopy(deps: S3Deps, call: S3Call, op: Op<'UploadPartCopy'>): Promise<Reply> {
  const upload = await deps.layer.getMultipartUpload(op.bucket, op.key, op.uploadId);
  const read = await openCopySource(deps, call, op.source, op.conditions, op.range);
  try {
    const size = read.range ? read.range.end - read.range.start + 1 : read.info.size;
    assertCopySize(size, 'part');
    const part = await withinQuota(deps, op.bucket, await bucketSettings(deps, op.bucket), size, () =>
      deps.layer.putObjectPart({
        bucket: op.bucket,
        key: op.key,
        uploadId: op.uploadId,
        partNumber: op.partNumber,
        ...partBody(deps, call, upload, op.partNumber, { body: read.stream, size }),
      }),
    );
    return xmlReply(
      elAttrs(
        'CopyPartResult',
        { xmlns: S3_NAMESPACE },
        el('LastModified', part.modTime.toISOString()),
        el('ETag', `"${part.etag}"`),
      ),
      200,
      {
        ...sseResponseHeaders(sseOf({ internal: upload.meta.internal ?? {} })),
        ...(read.info.versionId === 'null' ? {} : { 'x-amz-copy-source-version-id': read.info.versionId }),
      },
    );
  } catch (err) {
    read.stream.destroy();
    throw err;
  }
}

/** Checksums named in the complete request must match what each part was uploaded with. */
function checkPartChecksums(requested: RequestedPart[]) {
  const byNumber = new Map(requested.map((r) => [r.partNumber, r]));
  return (parts: PartInfo[]) => {
    for (const p of parts) {
      for (const [alg, value] of Object.entries(byNumber.get(p.number)?.checksums ?? {})) {
        const stored = p.internal[`checksum-${alg}`];
        if (stored !== undefined && stored !== value) throw new ApiError('InvalidPart');
      }
    }
  };
}

export async function completeMultipartUpload(
  deps: S3Deps,
  call: S3Call,
  op: Op<'CompleteMultipartUpload'>,
): Promise<Reply> {
  const settings = await bucketSettings(deps, op.bucket);
  const upload = await deps.layer.getMultipartUpload(op.bucket, op.key, op.uploadId);
  const requested = await parseCompleteParts(call);
  let size = 0;
  if (settings.quota !== undefined) {
    const named = new Set(requested.map((r) => r.partNumber));
    const parts = await deps.layer.listObjectParts(op.bucket, op.key, op.uploadId);
    size = parts.filter((p) => named.has(p.number)).reduce((s, p) => s + p.size, 0);
  }
  const info = await withinQuota(deps, op.bucket, settings, size, () =>
    deps.layer.completeMultipartUpload({
      bucket: op.bucket,
      key: op.key,
      uploadId: op.uploadId,
      parts: requested.map((r) => ({ number: r.partNumber, etag: r.etag })),
      versioning: versioningOf(settings, op.key),
      check: checkPartChecksums(requested),
      ...(op.condition ? { condition: op.condition } : {}),
    }),
  );
  const headers: Record<string, string> = {
    ...sseResponseHeaders(sseOf({ internal: upload.meta.internal ?? {} })),
  };
  if (versioningOf(settings, op.key) !== 'unversioned') headers['x-amz-version-id'] = info.versionId;
  return xmlReply(
    elAttrs(
      'CompleteMultipartUploadResult',
      { xmlns: S3_NAMESPACE },
      el('Location', objectUrl(call.ctx, op.bucket, op.key)),
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('ETag', `"${info.etag}"`),
    ),
    200,
    headers,
  );
}

export async function abortMultipartUpload(deps: S3Deps, op: Op<'AbortMultipartUpload'>): Promise<Reply> {
  await deps.layer.abortMultipartUpload(op.bucket, op.key, op.uploadId);
  return emptyReply(204);
}
