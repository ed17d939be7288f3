import { isCompressible } from '../../config/compression.js';
import { sseResponseHeaders } from '../../crypto/index.js';
import { bucketSettings, versioningOf } from '../../engine/bucket-settings.js';
import { EngineError } from '../../engine/errors.js';
import {
  type BodyFacts,
  MAX_OBJECT_SIZE,
  type ObjectInfo,
  type PartInfo,
  type PutPartInput,
  type UploadInfo,
} from '../../engine/object-layer.js';
import { header } from '../../http/context.js';
import { REPLICA, REPLICA_KEY } from '../../replication/status.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { CHECKSUM_NAME, ChecksumCheck } from '../auth/checksum.js';
import { type ChecksumType, combinedChecksum, uploadChecksum } from '../auth/multipart-checksum.js';
import { declaredLength } from '../auth/payload.js';
import type { S3Call, S3Deps } from '../call.js';
import { compressedMark, isCompressed, type PartSealing } from '../compression.js';
import { checkReadKey, newObjectKey, objectKeyOf, sseOf, storedBody, storedSse } from '../object-io.js';
import { objectUrl } from '../request/address.js';
import { type ReplicaWrite, replicaWrite } from '../request/replica.js';
import type { S3Operation } from '../router.js';
import { chain } from '../streams.js';
import { assertCopySize, openCopySource } from './copy.js';
import { parseCompleteParts, type RequestedPart } from './multipart-xml.js';
import {
  checksumElements,
  checksumHeaders,
  contentMd5,
  newVersionMeta,
  sseForWrite,
  versionIdHeader,
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
  const sse = sseForWrite(call, settings, { kmsKeyId: deps.kms?.id });
  const meta = newVersionMeta(call, settings);
  const replica = await replicaWrite(call, { action: 's3:ReplicateObject', bucket: op.bucket, key: op.key });
  if (replica) {
    if (versioningOf(settings, op.key) !== 'enabled') throw new ApiError('RemoteTargetNotVersionedError');
    meta.internal = { ...meta.internal, ...replicaUploadMarks(replica) };
  }
  const checksum = uploadChecksum(
    header(call.ctx.headers, 'x-amz-checksum-algorithm'),
    header(call.ctx.headers, 'x-amz-checksum-type'),
  );
  if (sse.kind !== 'none') meta.internal = newObjectKey(deps, sse, op.bucket, op.key).internal;
  // Whether the parts are stored compressed is settled now, for all of them (as MinIO does).
  if (isCompressible(deps.compression(), op.key, meta.contentType, sse.kind !== 'none'))
    meta.internal = { ...meta.internal, ...compressedMark };
  if (checksum)
    meta.internal = { ...meta.internal, [UPLOAD_CHECKSUM]: `${checksum.algorithm}/${checksum.type}` };
  const parity = deps.storageClassParity(meta.headers?.['x-amz-storage-class']);
  if (parity !== undefined) meta.parity = parity;
  const upload = await deps.layer.newMultipartUpload(op.bucket, op.key, meta);
  const answered: Record<string, string> = sseResponseHeaders(sse);
  if (checksum) {
    answered['x-amz-checksum-algorithm'] = checksum.algorithm.toUpperCase();
    answered['x-amz-checksum-type'] = checksum.type;
  }
  return xmlReply(
    elAttrs(
      'InitiateMultipartUploadResult',
      { xmlns: S3_NAMESPACE },
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('UploadId', upload.uploadId),
    ),
    200,
    answered,
  );
}

/** A replica upload keeps the source version it brings: `<versionId> <ISO time>`. */
const REPLICA_SOURCE = 'replica-source';

const replicaUploadMarks = (r: ReplicaWrite): Record<string, string> => ({
  [REPLICA_KEY]: REPLICA,
  [REPLICA_SOURCE]: `${r.versionId} ${r.modTime.toISOString()}`,
});

/** What a replica upload completes as: the source's version id and time. */
function replicaOfUpload(upload: UploadInfo): { replicaOf?: { versionId: string; modTime: Date } } {
  const [versionId, time] = (upload.meta.internal?.[REPLICA_SOURCE] ?? '').split(' ');
  if (!versionId || !time) return {};
  return { replicaOf: { versionId, modTime: new Date(time) } };
}

/** Where an upload keeps the checksum it was created with ("crc32/COMPOSITE"). */
const UPLOAD_CHECKSUM = 'upload-checksum';

export function checksumOf(upload: UploadInfo): { algorithm: string; type: ChecksumType } | undefined {
  const kept = upload.meta.internal?.[UPLOAD_CHECKSUM];
  if (!kept) return undefined;
  const [algorithm, type] = kept.split('/') as [string, ChecksumType];
  return { algorithm, type };
}

/** A part of an upload created with a checksum carries that checksum (MinIO, S3). */
function assertPartChecksum(call: S3Call, upload: UploadInfo): void {
  const want = checksumOf(upload)?.algorithm;
  if (!want) return;
  const name = `x-amz-checksum-${want}`;
  const trailer = header(call.ctx.headers, 'x-amz-trailer')?.trim().toLowerCase();
  if (header(call.ctx.headers, name) !== undefined || trailer === name) return;
  throw new ApiError(
    'InvalidRequest',
    `The upload was created using the ${want.toUpperCase()} checksum algorithm: each part must carry its ${name}.`,
  );
}

/**
 * The part's body as the engine stores it: compressed when the upload's parts are, encrypted
 * under the upload's key when it has one.
 */
function partBody(
  deps: S3Deps,
  call: S3Call,
  upload: UploadInfo,
  n: number,
  plain: { body: PutPartInput['body']; size: number; expectedMd5?: Buffer },
): Pick<PutPartInput, 'body' | 'size' | 'maxSize' | 'expectedMd5' | 'finish'> {
  const internal = { internal: upload.meta.internal ?? {} };
  const kind = storedSse(internal);
  const compressed = isCompressed(internal);
  if (kind === 'none' && !compressed)
    return {
      body: plain.body,
      size: plain.size,
      ...(plain.expectedMd5 ? { expectedMd5: plain.expectedMd5 } : {}),
    };
  let sealing: PartSealing | undefined;
  if (kind !== 'none') {
    // SSE-C parts carry the customer key again, and it must open the upload's key.
    const presented = readKey(call.ctx, true, deps.kms?.id);
    checkReadKey(internal, presented);
    const objectKey = objectKeyOf(deps, internal, presented, { bucket: upload.bucket, key: upload.key });
    sealing = { objectKey, partNumber: n, sse: kind };
  }
  const stored = storedBody(plain.body, plain.size, plain.expectedMd5, compressed, sealing);
  return {
    body: stored.body,
    size: stored.size,
    ...(stored.maxSize === undefined ? {} : { maxSize: stored.maxSize }),
    finish: stored.finish,
  };
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
  assertPartChecksum(call, upload);
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
    // An upload created with a checksum gets the copied part's, computed as it goes by.
    const algorithm = checksumOf(upload)?.algorithm;
    const tally = algorithm ? new ChecksumCheck({ algorithm, expected: () => undefined }) : undefined;
    const copied = partBody(deps, call, upload, op.partNumber, {
      body: tally ? chain(read.stream, tally) : read.stream,
      size,
    });
    const part = await withinQuota(deps, op.bucket, await bucketSettings(deps, op.bucket), size, () =>
      deps.layer.putObjectPart({
        bucket: op.bucket,
        key: op.key,
        uploadId: op.uploadId,
        partNumber: op.partNumber,
        ...copied,
        ...(tally
          ? {
              finish: () => {
                const facts = copied.finish?.() ?? {};
                return {
                  ...facts,
                  internal: { ...facts.internal, [`checksum-${algorithm}`]: tally.value ?? '' },
                };
              },
            }
          : {}),
      }),
    );
    return xmlReply(
      elAttrs(
        'CopyPartResult',
        { xmlns: S3_NAMESPACE },
        el('LastModified', part.modTime.toISOString()),
        el('ETag', `"${part.etag}"`),
        // The part's checksum, which a COMPOSITE upload's Complete must name.
        ...checksumElements(part.internal),
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

/**
 * Checksums named in the complete request must match what each part was uploaded with. The
 * object then keeps the checksum of its parts: the upload's (COMPOSITE or FULL_OBJECT), or
 * one the Complete request names in x-amz-checksum-<alg>, which must match it.
 */
function checkPartChecksums(call: S3Call, upload: UploadInfo, requested: RequestedPart[]) {
  const byNumber = new Map(requested.map((r) => [r.partNumber, r]));
  const asked = objectChecksumAsked(call);
  const declared = checksumOf(upload);
  return (parts: PartInfo[]): Record<string, string> | undefined => {
    for (const p of parts) {
      for (const [alg, value] of Object.entries(byNumber.get(p.number)?.checksums ?? {})) {
        const stored = p.internal[`checksum-${alg}`];
        if (stored !== undefined && stored !== value) throw new ApiError('InvalidPart');
      }
    }
    const algorithm = declared?.algorithm ?? asked?.algorithm;
    if (!algorithm) return undefined;
    // A COMPOSITE checksum is built from the parts' own: the request names each (as S3 asks).
    const missing =
      declared?.type === 'COMPOSITE' ? requested.find((r) => !r.checksums?.[algorithm]) : undefined;
    if (missing)
      throw new ApiError(
        'InvalidRequest',
        `The upload was created using a ${algorithm} checksum. The complete request must include the checksum for each part. It was missing for part ${missing.partNumber} in the request.`,
      );
    if (asked && asked.algorithm !== algorithm)
      throw new ApiError(
        'InvalidRequest',
        `The upload was created using the ${algorithm.toUpperCase()} checksum algorithm.`,
      );
    const type = declared?.type ?? asked!.type;
    const sums = parts.map((p) => ({ checksum: p.internal[`checksum-${algorithm}`], size: p.size }));
    // Parts without the checksum (stored before uploads kept one) leave the object without it.
    if (sums.some((s) => !s.checksum)) return undefined;
    const value = combinedChecksum(algorithm, type, sums as { checksum: string; size: number }[]);
    if (asked && asked.value !== value && `${asked.value}-${parts.length}` !== value)
      throw new ApiError(
        'BadDigest',
        `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
      );
    return { [`checksum-${algorithm}`]: value, 'checksum-type': type };
  };
}

/** The object checksum a Complete request names (x-amz-checksum-<alg>, -type). */
function objectChecksumAsked(
  call: S3Call,
): { algorithm: string; type: ChecksumType; value: string } | undefined {
  for (const name of Object.keys(call.ctx.headers)) {
    const algorithm = CHECKSUM_NAME.exec(name)?.[1];
    if (!algorithm) continue;
    const value = header(call.ctx.headers, name)!;
    const typeHeader = header(call.ctx.headers, 'x-amz-checksum-type')?.toUpperCase();
    const type: ChecksumType =
      typeHeader === 'COMPOSITE' || typeHeader === 'FULL_OBJECT'
        ? typeHeader
        : /-\d+$/.test(value) || algorithm.startsWith('sha')
          ? 'COMPOSITE'
          : 'FULL_OBJECT';
    return { algorithm, type, value };
  }
  return undefined;
}

/** Where a multipart object keeps the id of the upload that made it. */
const MADE_BY_UPLOAD = 'upload-id';

const isNoSuchUpload = (err: unknown): boolean =>
  (err instanceof EngineError || err instanceof ApiError) && err.code === 'NoSuchUpload';

/**
 * The object a Complete already made, when this one repeats it (a client retrying an answer
 * it lost): S3 answers it again. The object must still be the key's current one, made by
 * this upload from the very parts now named.
 */
async function completedBefore(
  deps: S3Deps,
  op: Op<'CompleteMultipartUpload'>,
  requested: RequestedPart[],
): Promise<ObjectInfo | undefined> {
  const info = await deps.layer.getObjectInfo(op.bucket, op.key).catch(() => undefined);
  if (info?.internal[MADE_BY_UPLOAD] !== op.uploadId || info.parts.length !== requested.length)
    return undefined;
  const same = requested.every(
    (r, i) => info.parts[i]!.number === r.partNumber && info.parts[i]!.etag === r.etag,
  );
  return same ? info : undefined;
}

export async function completeMultipartUpload(
  deps: S3Deps,
  call: S3Call,
  op: Op<'CompleteMultipartUpload'>,
): Promise<Reply> {
  const upload = await deps.layer
    .getMultipartUpload(op.bucket, op.key, op.uploadId)
    .catch((err: unknown) => (isNoSuchUpload(err) ? undefined : Promise.reject(err)));
  const requested = await parseCompleteParts(call);
  const info = upload
    ? await completeUpload(deps, call, op, upload, requested).catch(async (err: unknown) => {
        // Another Complete of the same upload may have finished first.
        if (!isNoSuchUpload(err)) throw err;
        return (await completedBefore(deps, op, requested)) ?? Promise.reject(err);
      })
    : await completedBefore(deps, op, requested);
  if (!info) throw new ApiError('NoSuchUpload');
  const headers: Record<string, string> = {
    ...sseResponseHeaders(sseOf({ internal: info.internal })),
    ...versionIdHeader(info.versionId),
  };
  return xmlReply(
    elAttrs(
      'CompleteMultipartUploadResult',
      { xmlns: S3_NAMESPACE },
      el('Location', objectUrl(call.ctx, op.bucket, op.key)),
      el('Bucket', op.bucket),
      el('Key', op.key),
      el('ETag', `"${info.etag}"`),
      checksumElements(info.internal),
    ),
    200,
    headers,
  );
}

async function completeUpload(
  deps: S3Deps,
  call: S3Call,
  op: Op<'CompleteMultipartUpload'>,
  upload: UploadInfo,
  requested: RequestedPart[],
): Promise<ObjectInfo> {
  const settings = await bucketSettings(deps, op.bucket);
  let size = 0;
  if (settings.quota !== undefined) {
    const named = new Set(requested.map((r) => r.partNumber));
    const parts = await deps.layer.listObjectParts(op.bucket, op.key, op.uploadId);
    size = parts.filter((p) => named.has(p.number)).reduce((s, p) => s + p.size, 0);
  }
  const maxVersions = deps.objectMaxVersions();
  const checkSums = checkPartChecksums(call, upload, requested);
  return withinQuota(deps, op.bucket, settings, size, () =>
    deps.layer.completeMultipartUpload({
      bucket: op.bucket,
      key: op.key,
      uploadId: op.uploadId,
      parts: requested.map((r) => ({ number: r.partNumber, etag: r.etag })),
      versioning: versioningOf(settings, op.key),
      ...(maxVersions === undefined ? {} : { maxVersions }),
      check: (parts) => ({ ...checkSums(parts), [MADE_BY_UPLOAD]: op.uploadId }),
      ...replicaOfUpload(upload),
      ...(op.condition ? { condition: op.condition } : {}),
    }),
  );
}

export async function abortMultipartUpload(deps: S3Deps, op: Op<'AbortMultipartUpload'>): Promise<Reply> {
  await deps.layer.abortMultipartUpload(op.bucket, op.key, op.uploadId);
  return emptyReply(204);
}
