import {
  parseCopySourceSseHeaders,
  type SseCustomerKey,
  SseHeaderError,
  type SseNone,
  sseResponseHeaders,
} from '../../crypto/index.js';
import { bucketSettings, versioningOf } from '../../engine/bucket-settings.js';
import { isCode } from '../../engine/errors.js';
import {
  MAX_OBJECT_SIZE,
  type NewObjectMeta,
  type ObjectInfo,
  type RangeSpec,
} from '../../engine/object-layer.js';
import { header, isPrivateChannel } from '../../http/context.js';
import { requestLog } from '../../http/request-info.js';
import { remoteOf } from '../../ilm/transition/transitioned.js';
import { ApiError } from '../../wire/errors.js';
import { type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { CHECKSUM_ALGORITHMS, ChecksumCheck } from '../auth/checksum.js';
import { versioned } from '../authorize.js';
import type { S3Call, S3Deps } from '../call.js';
import { type Opened, openObject, precheckWrite, storedSse, toApiError, writeObject } from '../object-io.js';
import { type Conditions, evaluateConditions } from '../request/conditions.js';
import type { CopySource } from '../request/params.js';
import { encodeTagQuery, parseTagQuery } from '../request/tagging.js';
import type { S3Operation } from '../router.js';
import { chain } from '../streams.js';
import {
  checksumElements,
  newVersionMeta,
  objectChecksums,
  sseForWrite,
  versionIdHeader,
  withinQuota,
} from './objects.js';

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

/**
 * A copy range must lie inside the source: S3's UploadPartCopy answers InvalidRange (a range
 * that is not of the form bytes=first-last is InvalidArgument, found when parsed).
 */
function copyRangeWithin(range: RangeSpec, size: number): void {
  if ('suffix' in range || range.start >= size || (range.end ?? size) >= size)
    throw new ApiError('InvalidRange', `Range specified is not valid for source object of size: ${size}`);
}

/** Opens the copy source, after its x-amz-copy-source-if-* conditions (any failure is 412 for copies). */
export async function openCopySource(
  deps: S3Deps,
  call: S3Call,
  source: CopySource,
  c: Conditions,
  range?: RangeSpec,
): Promise<Opened> {
  // Judged as a GetObject of the same version would be (s3:versionid, that version's tags).
  await call.authorize({
    action: source.versionId ? 's3:GetObjectVersion' : 's3:GetObject',
    bucket: source.bucket,
    key: source.key,
    ...versioned(source),
  });
  const read = await openObject(deps, source.bucket, source.key, {
    sseKey: copySourceKey(call),
    ...(source.versionId === undefined ? {} : { versionId: source.versionId }),
    ...(range ? { range, checkRange: copyRangeWithin } : {}),
    ...(deps.log ? { log: requestLog(deps.log, call.ctx) } : {}),
  }).catch((err: unknown) => {
    // A delete marker named by its version id: S3 refuses the copy as a bad request.
    if (isCode(err, 'MethodNotAllowed'))
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
  // The class asked for wins; otherwise a copy keeps the source's (as MinIO copies it), but
  // not a tier's: the copy's data is here.
  const storageClass =
    header(call.ctx.headers, 'x-amz-storage-class') ?? (remoteOf(src) ? 'STANDARD' : undefined);
  if (storageClass !== undefined) {
    const { 'x-amz-storage-class': _, ...rest } = meta.headers ?? {};
    meta.headers = storageClass === 'STANDARD' ? rest : { ...rest, 'x-amz-storage-class': storageClass };
  }
  const tagging = header(call.ctx.headers, 'x-amz-tagging');
  if (op.taggingDirective === 'COPY') {
    if (src.tags !== '') meta.tags = src.tags;
  } else if (tagging !== undefined) meta.tags = encodeTagQuery(parseTagQuery(tagging));
  if (fromRequest.retention) meta.retention = fromRequest.retention;
  if (fromRequest.legalHold !== undefined) meta.legalHold = fromRequest.legalHold;
  return meta;
}

/**
 * S3 copies at most 5 GiB in one CopyObject (larger objects are copied in parts), and a part
 * is at most 5 GiB, copied or sent.
 */
export function assertCopySize(size: number, into: 'object' | 'part'): void {
  if (size <= MAX_OBJECT_SIZE) return;
  if (into === 'part') throw new ApiError('EntityTooLarge');
  throw new ApiError(
    'InvalidRequest',
    `The specified copy source is larger than the maximum allowable size for a copy source: ${MAX_OBJECT_SIZE}`,
  );
}

/** The x-amz-checksum-algorithm a copy asks for (lower case), checked. */
function checksumAlgorithm(call: S3Call): string | undefined {
  const raw = header(call.ctx.headers, 'x-amz-checksum-algorithm');
  if (raw === undefined) return undefined;
  const upper = raw.toUpperCase();
  if (!(CHECKSUM_ALGORITHMS as readonly string[]).includes(upper))
    throw new ApiError('InvalidRequest', 'Value for x-amz-checksum-algorithm header is invalid.');
  return upper.toLowerCase();
}

/**
 * The copy keeps the source's checksum (the bytes are the same); one asked for in another
 * algorithm is computed as the bytes go by. Without x-amz-checksum-algorithm the source's
 * algorithm carries over (S3's CopyObject): a composite checksum ("…-N") names the source's
 * parts, which the copy does not have, so its algorithm's full-object value is computed.
 */
function copiedChecksums(read: Opened, asked: string | undefined) {
  const kept: Record<string, string> = {};
  let composite: string | undefined;
  for (const [k, v] of Object.entries(read.info.internal)) {
    if (!k.startsWith('checksum-') || k === 'checksum-type') continue;
    if (/-\d+$/.test(v)) composite = k.slice('checksum-'.length);
    else if (asked === undefined || k === `checksum-${asked}`) kept[k] = v;
  }
  const algorithm = asked ?? (Object.keys(kept).length === 0 ? composite : undefined);
  if (algorithm === undefined || kept[`checksum-${algorithm}`] !== undefined)
    return { body: read.stream, checksums: () => kept };
  const tally = new ChecksumCheck({ algorithm, expected: () => undefined });
  return {
    body: chain(read.stream, tally),
    checksums: () => (tally.value === undefined ? {} : { [`checksum-${algorithm}`]: tally.value }),
  };
}

/** CopyObject as a stream from the source into a new version: memory stays bounded for any size. */
export async function copyObject(deps: S3Deps, call: S3Call, op: CopyOp): Promise<Reply> {
  const { source } = op;
  const settings = await bucketSettings(deps, op.bucket);
  const sse = sseForWrite(call, settings, { copySource: true, kmsKeyId: deps.kms?.id });
  const inPlace = source.bucket === op.bucket && source.key === op.key;
  const changesSomething =
    op.metadataDirective === 'REPLACE' ||
    op.taggingDirective === 'REPLACE' ||
    header(call.ctx.headers, 'x-amz-storage-class') !== undefined ||
    sse.kind !== 'none' ||
    source.versionId !== undefined;
  const algorithm = checksumAlgorithm(call);
  await precheckWrite(deps, op.bucket, op.key, op.condition);
  const read = await openCopySource(deps, call, source, op.conditions);
  try {
    // Onto itself, a copy must change something; decrypting an encrypted object counts.
    if (inPlace && !changesSomething && storedSse(read.info) === 'none')
      throw new ApiError(
        'InvalidRequest',
        "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
      );
    assertCopySize(read.info.size, 'object');
  } catch (err) {
    read.stream.destroy();
    throw err;
  }
  const copied = copiedChecksums(read, algorithm);
  // A copy onto itself (new metadata, a key rotation) that replaces the object is not held
  // to the quota, as in MinIO: a bucket over half full could otherwise never change its big
  // objects' metadata. Where it adds a version, it adds bytes, and the quota holds: under
  // suspended versioning a copy replaces only the null version, so only a copy of that one.
  const versioning = versioningOf(settings, op.key);
  const replaces =
    inPlace &&
    (versioning === 'unversioned' || (versioning === 'suspended' && read.info.versionId === 'null'));
  const write = () =>
    writeObject(deps, {
      bucket: op.bucket,
      key: op.key,
      body: copied.body,
      size: read.info.size,
      meta: metadataFor(
        op,
        call,
        read.info,
        newVersionMeta(call, settings, op.taggingDirective === 'REPLACE'),
      ),
      sse,
      versioning: versioningOf(settings, op.key),
      afterBody: () => ({ internal: copied.checksums() }),
      ...(op.condition ? { condition: op.condition } : {}),
    });
  const info = await (replaces
    ? write()
    : withinQuota(deps, op.bucket, settings, read.info.size, write)
  ).catch((err: unknown) => {
    read.stream.destroy();
    throw err;
  });
  const headers: Record<string, string> = { ...sseResponseHeaders(sse), ...versionIdHeader(info.versionId) };
  if (read.info.versionId !== 'null') headers['x-amz-copy-source-version-id'] = read.info.versionId;
  return copyResult(info, headers, checksumElements(objectChecksums(copied.checksums())));
}

/** CopyObject's answer: the new version's time and ETag (and its checksums). */
export function copyResult(
  info: Pick<ObjectInfo, 'modTime' | 'etag'>,
  headers: Record<string, string>,
  ...extra: ReturnType<typeof checksumElements>[]
): Reply {
  return {
    ...xmlReply(
      elAttrs(
        'CopyObjectResult',
        { xmlns: S3_NAMESPACE },
        el('LastModified', info.modTime.toISOString()),
        el('ETag', `"${info.etag}"`),
        ...extra,
      ),
    ),
    headers,
  };
}
