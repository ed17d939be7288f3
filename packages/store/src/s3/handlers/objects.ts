import { parseSseHeaders, SseHeaderError, type SseRequest, sseResponseHeaders } from '../../crypto/index.js';
import { type BucketSettings, bucketSettings, versioningOf } from '../../engine/bucket-settings.js';
import {
  type BodyFacts,
  MAX_OBJECT_SIZE,
  type NewObjectMeta,
  type ObjectInfo,
  type ObjectPartInfo,
  type StoredHeaderName,
} from '../../engine/object-layer.js';
import { header, isPrivateChannel, type RequestContext } from '../../http/context.js';
import { REPLICA, REPLICA_KEY, STATUS_KEY } from '../../replication/status.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import { el, type XmlElement } from '../../wire/xml-writer.js';
import { CHECKSUM_NAME } from '../auth/checksum.js';
import { declaredLength } from '../auth/payload.js';
import type { S3Call, S3Deps } from '../call.js';
import { precheckWrite, toApiError, writeObject } from '../object-io.js';
import { bypassRequested, guardVersionDelete, lockForNewVersion } from '../request/object-lock.js';
import { replicaWrite } from '../request/replica.js';
import { encodeTagQuery, parseTagQuery } from '../request/tagging.js';
import type { S3Operation } from '../router.js';

const STORED_HEADERS: readonly StoredHeaderName[] = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
  'x-amz-storage-class',
];

export function contentMd5(call: S3Call): Buffer | undefined {
  return parseContentMd5(header(call.ctx.headers, 'content-md5'));
}

/** A Content-MD5 value (header or form field): 16 bytes of base64, else InvalidDigest. */
export function parseContentMd5(value: string | undefined): Buffer | undefined {
  if (value === undefined) return undefined;
  const digest = Buffer.from(value, 'base64');
  if (digest.length !== 16 || digest.toString('base64') !== value.trim()) throw new ApiError('InvalidDigest');
  return digest;
}

export function storedHeaders(call: S3Call): Partial<Record<StoredHeaderName, string>> {
  const out: Partial<Record<StoredHeaderName, string>> = {};
  for (const name of STORED_HEADERS) {
    let value = header(call.ctx.headers, name) === undefined ? undefined : sentValue(call, name);
    if (name === 'content-encoding' && value !== undefined) value = withoutAwsChunked(value);
    // The default class is not kept: absent means STANDARD.
    if (name === 'x-amz-storage-class' && value === 'STANDARD') continue;
    if (value) out[name] = value;
  }
  return out;
}

/**
 * aws-chunked is transfer framing, not a property of the object: it alone leaves the list,
 * the rest stays as sent ("deflate, gzip" is not rewritten).
 */
export function withoutAwsChunked(value: string): string {
  const codings = value.split(',');
  const kept = codings.filter((c) => c.trim().toLowerCase() !== 'aws-chunked');
  return kept.length === codings.length ? value : kept.join(',').trim();
}

/**
 * A header as sent: repeats joined with ',' as MinIO joins metadata (and SigV4 signs them),
 * not Node's ', ' (nor only the first, which Node keeps of Expires). headersDistinct is built
 * on first use: only requests that carry such headers pay for it.
 */
function sentValue(call: S3Call, name: string): string {
  return call.ctx.req.headersDistinct?.[name]?.join(',') ?? header(call.ctx.headers, name) ?? '';
}

export function userMeta(call: S3Call): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(call.ctx.headers)) {
    if (!name.startsWith('x-amz-meta-')) continue;
    out[name.slice(11)] = sentValue(call, name);
  }
  return out;
}

/**
 * The checksums the client declared, in headers or in aws-chunked trailers, as a version
 * keeps them. A trailer arrives after the body: read this once the body has ended, when the
 * auth layer's body stream has checked every value against the bytes.
 */
export function declaredChecksums(call: S3Call): Record<string, string> {
  const out: Record<string, string> = {};
  const take = (name: string, value: string | undefined) => {
    const m = CHECKSUM_NAME.exec(name);
    if (m?.[1]) out[`checksum-${m[1]}`] = value ?? '';
  };
  for (const name of Object.keys(call.ctx.headers)) take(name, header(call.ctx.headers, name));
  for (const [name, value] of call.ctx.trailers ?? []) take(name, value);
  return out;
}

/** `finish` (what the body came to) with the declared checksums added, read after the body. */
export function withChecksums(call: S3Call, finish?: () => BodyFacts): () => BodyFacts {
  return () => {
    const facts = finish?.() ?? {};
    return Object.assign({}, facts, { internal: Object.assign({}, facts.internal, declaredChecksums(call)) });
  };
}

/** The checksums of a version or part as XML elements (ChecksumCRC32, ChecksumSHA256, ...). */
export function checksumElements(internal: Record<string, string>): XmlElement[] {
  // checksum-type (a multipart object's COMPOSITE or FULL_OBJECT) is ChecksumType, last.
  return Object.entries(internal)
    .filter(([k]) => k.startsWith('checksum-') && k !== 'checksum-type')
    .map(([k, v]) => el(`Checksum${k.slice(9).toUpperCase()}`, v))
    .concat(internal['checksum-type'] ? [el('ChecksumType', internal['checksum-type'])] : []);
}

/**
 * A multipart object's part checksums in the object's own algorithm (a part may carry one the
 * upload never asked for, which the object does not keep either).
 */
export function partChecksums(info: ObjectInfo, part: ObjectPartInfo): Record<string, string> {
  return Object.fromEntries(
    Object.entries(part.internal).filter(
      ([k]) => k.startsWith('checksum-') && info.internal[k] !== undefined,
    ),
  );
}

/**
 * A version's checksums with their type: the one a multipart upload chose, else FULL_OBJECT
 * (S3: "For PutObject uploads, the checksum type is always FULL_OBJECT"; a copy's is too).
 */
export function objectChecksums(internal: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(internal)) if (k.startsWith('checksum-')) out[k] = v;
  if (Object.keys(out).length > 0) out['checksum-type'] ??= 'FULL_OBJECT';
  return out;
}

/** The checksum headers of a version (x-amz-checksum-mode: ENABLED on GET/HEAD). */
export function checksumHeaders(internal: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(internal)) if (k.startsWith('checksum-')) out[`x-amz-${k}`] = v;
  return out;
}

/** SSE a write asks for, or the bucket's default; SSE header errors keep their S3 codes. */
export function sseForWrite(
  call: S3Call,
  settings: BucketSettings,
  opts: { copySource?: boolean; kmsKeyId?: string | undefined } = {},
): SseRequest {
  return sseAsked(call.ctx, call.ctx.headers, settings, opts);
}

/**
 * The encryption a write asks for in `fields` (a request's headers, or a POST form's
 * fields), or the bucket's default; SSE header errors keep their S3 codes.
 */
export function sseAsked(
  ctx: RequestContext,
  fields: Readonly<Record<string, string | readonly string[] | undefined>>,
  settings: BucketSettings,
  opts: { copySource?: boolean; kmsKeyId?: string | undefined } = {},
): SseRequest {
  try {
    const asked = parseSseHeaders(fields, Object.assign({}, opts, { secure: isPrivateChannel(ctx) }));
    if (asked.kind !== 'none' || settings.encryption === undefined) return asked;
    return settings.encryption === 'AES256' ? { kind: 'S3' } : settings.encryption;
  } catch (err) {
    if (err instanceof SseHeaderError) throw toApiError(err);
    throw err;
  }
}

/**
 * Metadata of a new version from the request: headers, tags and object lock. `withTags`
 * false leaves x-amz-tagging unread (a copy that keeps the source's tags ignores it).
 */
export function newVersionMeta(call: S3Call, settings: BucketSettings, withTags = true): NewObjectMeta {
  const now = new Date();
  const tagging = withTags ? header(call.ctx.headers, 'x-amz-tagging') : undefined;
  const lock = lockForNewVersion(call.ctx.headers, settings.objectLock, now);
  const meta: NewObjectMeta = {
    contentType: header(call.ctx.headers, 'content-type') || 'binary/octet-stream',
    userMeta: userMeta(call),
    headers: storedHeaders(call),
    ...lock,
  };
  if (tagging !== undefined) meta.tags = encodeTagQuery(parseTagQuery(tagging));
  return meta;
}

// Bytes of writes under way, per store and bucket: counted against a hard quota with what
// is stored, so that writes racing each other cannot all pass the same check.
const underWay = new WeakMap<object, Map<string, number>>();

/**
 * Runs `write` unless it would take the bucket to or past its hard quota. Its bytes are held
 * against the quota until it ends; by then the bucket's usage counts them, or they failed.
 */
export async function withinQuota<T>(
  deps: S3Deps,
  bucket: string,
  settings: BucketSettings,
  incoming: number,
  write: () => Promise<T>,
): Promise<T> {
  if (settings.quota === undefined) return write();
  const usage = await deps.layer.bucketUsage(bucket);
  let held = underWay.get(deps.layer);
  if (!held) {
    held = new Map();
    underWay.set(deps.layer, held);
  }
  const pending = held.get(bucket) ?? 0;
  // As MinIO's enforceQuotaHard: a write that would bring usage to the quota is refused too.
  if (usage.size + pending + incoming >= settings.quota) throw new ApiError('XMinioAdminBucketQuotaExceeded');
  held.set(bucket, pending + incoming);
  try {
    return await write();
  } finally {
    const left = (held.get(bucket) ?? incoming) - incoming;
    if (left > 0) held.set(bucket, left);
    else held.delete(bucket);
  }
}

/**
 * x-amz-version-id for a version, as MinIO answers it: never for the null version (every
 * object of an unversioned bucket, and what a suspended bucket writes), which has no id.
 */
export const versionIdHeader = (versionId: string | undefined): Record<string, string> =>
  versionId === undefined || versionId === 'null' ? {} : { 'x-amz-version-id': versionId };

/** The headers S3 answers a write with: ETag, version id, encryption. */
export function writeHeaders(info: ObjectInfo, sse: SseRequest): Record<string, string> {
  return { ETag: `"${info.etag}"`, ...versionIdHeader(info.versionId), ...sseResponseHeaders(sse) };
}

export async function putObject(
  deps: S3Deps,
  call: S3Call,
  { bucket, key, condition }: Extract<S3Operation, { op: 'PutObject' }>,
): Promise<Reply> {
  const size = declaredLength(call.ctx, call.auth);
  if (size === undefined) throw new ApiError('MissingContentLength', undefined, { bucket, key });
  if (size > MAX_OBJECT_SIZE) throw new ApiError('EntityTooLarge', undefined, { bucket, key });
  const md5 = contentMd5(call);
  // A missing bucket is found before the body is asked for (see http/continue.ts).
  await deps.layer.getBucketInfo(bucket);
  const settings = await bucketSettings(deps, bucket);
  const sse = sseForWrite(call, settings, { kmsKeyId: deps.kms?.id });
  const meta = newVersionMeta(call, settings);
  const replica = await replicaWrite(call, { action: 's3:ReplicateObject', bucket, key });
  if (replica) {
    if (versioningOf(settings, key) !== 'enabled') throw new ApiError('RemoteTargetNotVersionedError');
    meta.internal = { ...meta.internal, [REPLICA_KEY]: REPLICA };
  }
  await precheckWrite(deps, bucket, key, condition);
  // A small plain body is read and checked whole; encryption streams it.
  const whole = sse.kind === 'none' ? call.wholeBody() : undefined;
  const info = await withinQuota(deps, bucket, settings, size, async () =>
    writeObject(deps, {
      bucket,
      key,
      body: whole ? await whole : call.body(),
      size,
      meta,
      sse,
      versioning: versioningOf(settings, key),
      ...(md5 ? { expectedMd5: md5 } : {}),
      afterBody: withChecksums(call),
      ...(condition ? { condition } : {}),
      ...(replica ? { replicaOf: { versionId: replica.versionId, modTime: replica.modTime } } : {}),
    }),
  );
  return emptyReply(
    200,
    Object.assign(writeHeaders(info, sse), checksumHeaders(objectChecksums(info.internal))),
  );
}

type DeleteOp = Extract<S3Operation, { op: 'DeleteObject' }>;

/** Deletes a version (with its lock checked) or adds a delete marker; S3's 204 either way. */
export async function deleteObject(deps: S3Deps, call: S3Call, op: DeleteOp): Promise<Reply> {
  const settings = await bucketSettings(deps, op.bucket);
  const bypass = bypassRequested(call.ctx.headers);
  const now = new Date();
  const replica = await replicaWrite(call, { action: 's3:ReplicateDelete', bucket: op.bucket, key: op.key });
  if (!replica && op.versionId !== undefined)
    await deps.replication?.beforeVersionDelete(op.bucket, op.key, op.versionId);
  const markerStatus =
    replica || op.versionId !== undefined
      ? undefined
      : await deps.replication?.markerStatus(op.bucket, op.key);
  const result = await deps.layer.deleteObject(op.bucket, op.key, {
    versioning: versioningOf(settings, op.key),
    ...(replica?.deleteMarker
      ? {
          replicaMarker: {
            versionId: replica.versionId,
            modTime: replica.modTime,
            internal: { [REPLICA_KEY]: REPLICA },
          },
        }
      : {}),
    ...(op.versionId === undefined ? {} : { versionId: op.versionId }),
    ...(markerStatus ? { markerInternal: { [STATUS_KEY]: markerStatus } } : {}),
    ...(settings.objectLock ? { guard: (info: ObjectInfo) => guardVersionDelete(info, bypass, now) } : {}),
  });
  const headers: Record<string, string> = versionIdHeader(result.versionId);
  if (result.deleteMarker) headers['x-amz-delete-marker'] = 'true';
  return emptyReply(204, headers);
}
