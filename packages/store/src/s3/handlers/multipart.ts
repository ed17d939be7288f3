import { createHash } from 'node:crypto';
import { MAX_OBJECT_SIZE } from '../../engine/object-layer.js';
import { header } from '../../http/context.js';
import { emptyReply, type Reply, xmlReply } from '../../http/reply.js';
import { declaredLength } from '../auth/payload.js';
import type { S3Call, S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import { PartStore } from '../multipart/part-store.js';
import type { PartRecord } from '../multipart/records.js';
import type { S3Operation } from '../router.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { openCopySource } from './copy.js';
import { parseCompleteParts, type RequestedPart } from './multipart-xml.js';
import { contentMd5, storedHeaders, userMeta } from './objects.js';

type Op<N extends S3Operation['op']> = Extract<S3Operation, { op: N }>;

/** S3's minimum size for every part but the last. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

const stores = new WeakMap<S3Deps, PartStore>();
export function partStore(deps: S3Deps): PartStore {
  let store = stores.get(deps);
  if (!store) {
    store = new PartStore(deps.layer, deps.system);
    stores.set(deps, store);
  }
  return store;
}

export async function createMultipartUpload(
  deps: S3Deps,
  call: S3Call,
  op: Op<'CreateMultipartUpload'>,
): Promise<Reply> {
  await deps.layer.getBucketInfo(op.bucket);
  const upload = await partStore(deps).create({
    bucket: op.bucket,
    key: op.key,
    contentType: header(call.ctx.headers, 'content-type') || 'binary/octet-stream',
    userMeta: userMeta(call),
    headers: storedHeaders(call),
  });
  return xmlReply(
    elAttrs(
      'InitiateMultipartUploadResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('UploadId', upload.uploadId),
    ),
  );
}

/** Checksums the client declared for the body (already verified by the auth layer's stream). */
function declaredChecksums(call: S3Call): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(call.ctx.headers)) {
    const m = /^x-amz-checksum-(crc32|crc32c|sha1|sha256|crc64nvme)$/.exec(name);
    if (m?.[1]) out[m[1]] = header(call.ctx.headers, name) ?? '';
  }
  return out;
}

const checksumHeaders = (p: PartRecord): Record<string, string> =>
  Object.fromEntries(Object.entries(p.checksums).map(([alg, v]) => [`x-amz-checksum-${alg}`, v]));

export async function uploadPart(deps: S3Deps, call: S3Call, op: Op<'UploadPart'>): Promise<Reply> {
  const size = declaredLength(call.ctx, call.auth);
  if (size === undefined) throw new ApiError('MissingContentLength');
  if (size > MAX_OBJECT_SIZE) throw new ApiError('EntityTooLarge');
  const store = partStore(deps);
  await store.get(op.bucket, op.key, op.uploadId);
  const md5 = contentMd5(call);
  const part = await store.putPart({
    uploadId: op.uploadId,
    partNumber: op.partNumber,
    body: call.body(),
    size,
    checksums: declaredChecksums(call),
    ...(md5 ? { expectedMd5: md5 } : {}),
  });
  return emptyReply(200, { ETag: `"${part.etag}"`, ...checksumHeaders(part) });
}

export async function uploadPartCopy(deps: S3Deps, op: Op<'UploadPartCopy'>): Promise<Reply> {
  const store = partStore(deps);
  await store.get(op.bucket, op.key, op.uploadId);
  const read = await openCopySource(deps, op.source, op.conditions, op.range);
  const size = read.info.size;
  if (op.range && op.range.end >= size) {
    read.stream.destroy();
    throw new ApiError('InvalidArgument', `Range specified is not valid for source object of size: ${size}`);
  }
  const part = await store.putPart({
    uploadId: op.uploadId,
    partNumber: op.partNumber,
    body: read.stream,
    size: read.range ? read.range.end - read.range.start + 1 : size,
    checksums: {},
  });
  return xmlReply(
    elAttrs(
      'CopyPartResult',
      { xmlns: S3_NAMESPACE },
      el('LastModified', part.lastModified),
      el('ETag', `"${part.etag}"`),
    ),
  );
}

/** S3's multipart ETag: MD5 of the parts' binary MD5s, then "-<count>". */
export function multipartEtag(etags: string[]): string {
  const hash = createHash('md5');
  for (const e of etags) hash.update(Buffer.from(e, 'hex'));
  return `${hash.digest('hex')}-${etags.length}`;
}

/** Matches the requested parts against the uploaded ones, with S3's checks and codes. */
export function checkParts(requested: RequestedPart[], uploaded: PartRecord[]): PartRecord[] {
  const byNumber = new Map(uploaded.map((p) => [p.partNumber, p]));
  const parts = requested.map((r, i) => {
    if (i > 0 && r.partNumber <= requested[i - 1]!.partNumber) throw new ApiError('InvalidPartOrder');
    const part = byNumber.get(r.partNumber);
    if (!part || part.etag !== r.etag) throw new ApiError('InvalidPart');
    for (const [alg, value] of Object.entries(r.checksums)) {
      const stored = part.checksums[alg];
      if (stored !== undefined && stored !== value) throw new ApiError('InvalidPart');
    }
    return part;
  });
  // Sizes are judged only once every named part is known to exist (as MinIO does).
  if (parts.slice(0, -1).some((p) => p.size < MIN_PART_SIZE)) throw new ApiError('EntityTooSmall');
  return parts;
}

export async function completeMultipartUpload(
  deps: S3Deps,
  call: S3Call,
  op: Op<'CompleteMultipartUpload'>,
): Promise<Reply> {
  const store = partStore(deps);
  const upload = await store.get(op.bucket, op.key, op.uploadId);
  const requested = await parseCompleteParts(call);
  const parts = checkParts(requested, await store.parts(op.uploadId));
  const size = parts.reduce((sum, p) => sum + p.size, 0);
  // TODO(engine): ObjectLayer.putObject cannot take a precomputed ETag yet, so the object
  // keeps the MD5 of its whole content instead of multipartEtag(parts).
  const info = await deps.layer.putObject({
    bucket: op.bucket,
    key: op.key,
    body: store.concat(
      op.uploadId,
      parts.map((p) => p.partNumber),
    ),
    size,
    contentType: upload.contentType,
    userMeta: upload.userMeta,
    headers: upload.headers,
  });
  await store.remove(op.uploadId);
  return xmlReply(
    elAttrs(
      'CompleteMultipartUploadResult',
      { xmlns: S3_NAMESPACE },
      el('Location', `/${op.bucket}/${op.key}`),
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('ETag', `"${info.etag}"`),
    ),
  );
}

export async function abortMultipartUpload(deps: S3Deps, op: Op<'AbortMultipartUpload'>): Promise<Reply> {
  const store = partStore(deps);
  await store.get(op.bucket, op.key, op.uploadId);
  await store.remove(op.uploadId);
  return emptyReply(204);
}
