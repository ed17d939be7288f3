import { createHmac } from 'node:crypto';
import { type Duplex, Readable } from 'node:stream';
import { isCompressible, MIN_COMPRESSIBLE_SIZE } from '../config/compression.js';
import {
  type CiphertextRange,
  CryptoError,
  checkReadMatchesObject,
  ciphertextRange,
  decodeSealedKey,
  decryptStream,
  encryptedSize,
  encryptStream,
  generateObjectKey,
  type KeyEncryptionKey,
  type MasterKey,
  partKey,
  type SealedKey,
  type SseCustomerKey,
  SseHeaderError,
  type SseKms,
  type SseNone,
  type SseRequest,
  sealObjectKey,
  unsealObjectKey,
} from '../crypto/index.js';
import { isCode } from '../engine/errors.js';
import type {
  BodyFacts,
  ByteRange,
  NewObjectMeta,
  ObjectInfo,
  PutObjectInput,
  RangeSpec,
  ReadOptions,
  Versioning,
  WriteCondition,
} from '../engine/object-layer.js';
import { resolveRange } from '../engine/range.js';
import { checkWriteCondition } from '../engine/write-condition.js';
import type { Logger } from '../observe/logger.js';
import { STATUS_KEY } from '../replication/status.js';
import { ApiError } from '../wire/errors.js';
import type { S3Deps } from './call.js';
import {
  compressedMark,
  compressedPlan,
  compressPart,
  isCompressed,
  type PartSealing,
} from './compression.js';
import { coveredParts } from './part-ranges.js';
import { ByteWindow, chain, PlainTap, segmented } from './streams.js';

// Objects as clients see them, over the engine's stored bytes: encryption on the way in,
// decryption (with plaintext ranges mapped onto encrypted parts) on the way out. Every
// part of an encrypted object is its own package stream under partKey(objectKey, n).

/** Keys kept in a version's `internal` map. */
export const SSE_KIND = 'sse';
const SSE_SEALED = 'sse-sealed';
const SSE_KEY_MD5 = 'sse-key-md5';
const SSE_KMS_KEY = 'sse-kms-key';

export type StoredSse = 'none' | 'S3' | 'KMS' | 'C';
export const storedSse = (info: { internal: Record<string, string> }): StoredSse =>
  (info.internal[SSE_KIND] as StoredSse | undefined) ?? 'none';

/** What a response says about an object's encryption. */
export function sseOf(info: { internal: Record<string, string> }): SseRequest {
  const kind = storedSse(info);
  if (kind === 'S3') return { kind: 'S3' };
  if (kind === 'KMS') return { kind: 'KMS', keyId: info.internal[SSE_KMS_KEY] ?? '' };
  if (kind === 'C') return { kind: 'C', key: Buffer.alloc(0), keyMd5: info.internal[SSE_KEY_MD5] ?? '' };
  return { kind: 'none' };
}

export const toApiError = (err: SseHeaderError): ApiError => new ApiError(err.code, err.message);

function kekFor(deps: S3Deps, sse: Exclude<SseRequest, SseNone>): KeyEncryptionKey {
  if (sse.kind === 'S3') return { kind: 'S3', master: deps.masterKey };
  if (sse.kind === 'KMS') return { kind: 'KMS', master: kmsKey(deps, sse) };
  return { kind: 'C', customerKey: sse.key };
}

/** The KMS key that seals (or sealed) an SSE-KMS object: the store's KMS must have it. */
function kmsKey(deps: ReadDeps, sse: SseKms) {
  if (!deps.kms)
    throw new ApiError('NotImplemented', 'Server side encryption specified but KMS is not configured');
  if (deps.kms.id !== sse.keyId) throw new ApiError('KMS.NotFoundException');
  return deps.kms;
}

/** A new object key, sealed for the object, and what the version keeps of it. */
export function newObjectKey(
  deps: S3Deps,
  sse: Exclude<SseRequest, SseNone>,
  bucket: string,
  key: string,
): { objectKey: Buffer; internal: Record<string, string> } {
  const objectKey = generateObjectKey();
  const sealed = sealObjectKey(objectKey, kekFor(deps, sse), { bucket, key });
  const internal: Record<string, string> = { [SSE_KIND]: sse.kind, [SSE_SEALED]: JSON.stringify(sealed) };
  if (sse.kind === 'C') internal[SSE_KEY_MD5] = sse.keyMd5;
  if (sse.kind === 'KMS') internal[SSE_KMS_KEY] = sse.keyId;
  return { objectKey, internal };
}

/**
 * The object key of a stored encrypted object; a wrong customer key is AccessDenied (as
 * MinIO answers), a master key that does not open it an internal error.
 */
export function objectKeyOf(
  deps: ReadDeps,
  info: { internal: Record<string, string> },
  presented: SseNone | SseCustomerKey,
  context: { bucket: string; key: string },
): Buffer {
  const kind = storedSse(info);
  let sealed: SealedKey;
  try {
    sealed = decodeSealedKey(JSON.parse(info.internal[SSE_SEALED] ?? ''));
  } catch {
    throw new Error('damaged encryption metadata');
  }
  try {
    const kek: KeyEncryptionKey =
      kind === 'C'
        ? { kind: 'C', customerKey: (presented as SseCustomerKey).key }
        : kind === 'KMS'
          ? { kind: 'KMS', master: kmsKey(deps, { kind: 'KMS', keyId: info.internal[SSE_KMS_KEY] ?? '' }) }
          : { kind: 'S3', master: deps.masterKey };
    return unsealObjectKey(sealed, kek, context);
  } catch (err) {
    if (err instanceof CryptoError && kind === 'C') throw new ApiError('AccessDenied');
    throw err;
  }
}

/** Checks the request's SSE-C headers against how the object is stored (S3 codes). */
export function checkReadKey(
  info: { internal: Record<string, string> },
  presented: SseNone | SseCustomerKey,
): void {
  try {
    checkReadMatchesObject(storedSse(info), presented);
  } catch (err) {
    if (err instanceof SseHeaderError) throw toApiError(err);
    throw err;
  }
}

/** A part's plaintext as the engine stores it, and what its end tells. */
export interface StoredBody {
  body: Readable;
  /** Stored bytes, when known before they are written (not when compressed). */
  size: number | undefined;
  /** When the size is not known: the most the stored bytes can come to. */
  maxSize?: number;
  finish: () => BodyFacts;
}

/**
 * Encrypts one part's plaintext (a plain PUT is part 1). Content-MD5 is checked on the
 * plaintext; SSE-S3 objects keep the plaintext MD5 as ETag, as S3 does. SSE-C ones keep an
 * HMAC of it under the object's own key: it reveals nothing about the content, yet a part
 * sent again with the same bytes has the same ETag, as in S3, so a Complete naming the first
 * one still finds it (s3-tests' multipart_sse_c_get_part resends a part).
 */
function encryptPart(
  plaintext: Readable,
  plainSize: number | undefined,
  objectKey: Buffer,
  partNumber: number,
  sse: 'S3' | 'KMS' | 'C',
  expectedMd5?: Buffer,
): StoredBody {
  const tap = new PlainTap(expectedMd5);
  const body = chain(chain(plaintext, tap), encryptStream(partKey(objectKey, partNumber)));
  return {
    body,
    size: plainSize === undefined ? undefined : encryptedSize(plainSize),
    finish: () => ({
      actualSize: tap.bytes,
      ...(tap.digest
        ? {
            // SSE-S3 and SSE-KMS keep the MD5 ETag (as MinIO answers); SSE-C's hides it.
            etag:
              sse !== 'C'
                ? tap.digest.toString('hex')
                : createHmac('sha256', objectKey).update(tap.digest).digest().subarray(0, 16).toString('hex'),
          }
        : {}),
    }),
  };
}

/**
 * One part's plaintext (a plain PUT is part 1) made ready for the engine: compressed, then
 * sealed (when `sealing` is given), or sealed alone. Plain bodies do not come here.
 */
export function storedBody(
  plaintext: Readable,
  plainSize: number | undefined,
  expectedMd5: Buffer | undefined,
  compress: boolean,
  sealing: PartSealing | undefined,
): StoredBody {
  if (compress) return { size: undefined, ...compressPart(plaintext, plainSize, expectedMd5, sealing) };
  const { objectKey, partNumber, sse } = sealing!;
  return encryptPart(plaintext, plainSize, objectKey, partNumber, sse, expectedMd5);
}

export interface WriteRequest {
  bucket: string;
  key: string;
  /** The plaintext: a stream, or a small body read whole (never encrypted). */
  body: Readable | Buffer;
  /** Plaintext bytes the client declared; undefined: known when the body ends (POST forms). */
  size: number | undefined;
  expectedMd5?: Buffer;
  meta: NewObjectMeta;
  sse: SseRequest;
  versioning: Versioning;
  /** What only the body's end tells (checksums sent as trailers), kept with the version. */
  afterBody?: () => BodyFacts;
  condition?: WriteCondition;
  /** A replica keeps the source version's id and time (bucket replication). */
  replicaOf?: { versionId: string; modTime: Date };
}

/**
 * Refuses a conditional write at once when the key already fails its condition, before a
 * body is read for nothing; the engine checks again, under the key's lock, at the commit.
 */
export async function precheckWrite(deps: S3Deps, bucket: string, key: string, condition?: WriteCondition) {
  if (!condition) return;
  const current = await deps.layer.getObjectInfo(bucket, key, {}).catch((err: unknown) => {
    if (isCode(err, 'NoSuchKey')) return undefined;
    throw err;
  });
  checkWriteCondition(current, condition);
}

/** What the encryption found, with what the body's end told (its internal entries added). */
function mergeFacts(facts: BodyFacts, more: BodyFacts): BodyFacts {
  return Object.assign({}, more, facts, { internal: Object.assign({}, more.internal, facts.internal) });
}

/** Writes a new version, compressed when the compression settings take it, encrypted when asked (or by bucket default). */
export async function writeObject(deps: S3Deps, req: WriteRequest): Promise<ObjectInfo> {
  const replication = req.replicaOf ? undefined : deps.replication;
  // Shown PENDING at once, as MinIO marks a version it must replicate when writing it.
  const pending = await replication?.pendingStatus(req.bucket, req.key, req.meta.tags ?? '');
  if (!pending) return storeObject(deps, req);
  req.meta.internal = { ...req.meta.internal, [STATUS_KEY]: pending };
  const info = await storeObject(deps, req);
  await replication!.queueWritten(req.bucket, info);
  return info;
}

async function storeObject(deps: S3Deps, req: WriteRequest): Promise<ObjectInfo> {
  const { bucket, key, sse } = req;
  // Object.assign, not spreads: see commonHeaders in http/writer.ts.
  const input: PutObjectInput = Object.assign(
    { bucket, key, versioning: req.versioning, body: req.body, size: req.size },
    req.meta,
  );
  if (req.condition) input.condition = req.condition;
  if (req.replicaOf) input.replicaOf = req.replicaOf;
  const parity = deps.storageClassParity(req.meta.headers?.['x-amz-storage-class']);
  if (parity !== undefined) input.parity = parity;
  const maxVersions = deps.objectMaxVersions();
  if (maxVersions !== undefined) input.maxVersions = maxVersions;
  const compress =
    req.size !== undefined &&
    req.size > MIN_COMPRESSIBLE_SIZE &&
    isCompressible(deps.compression(), key, req.meta.contentType, sse.kind !== 'none');
  if (sse.kind === 'none' && !compress) {
    if (req.expectedMd5) input.expectedMd5 = req.expectedMd5;
    if (req.afterBody) input.finish = req.afterBody;
    return deps.layer.putObject(input);
  }
  const sealed = sse.kind === 'none' ? undefined : newObjectKey(deps, sse, bucket, key);
  const plaintext = Buffer.isBuffer(req.body) ? Readable.from([req.body]) : req.body;
  const sealing = sealed && {
    objectKey: sealed.objectKey,
    partNumber: 1,
    sse: sse.kind as 'S3' | 'KMS' | 'C',
  };
  const stored = storedBody(plaintext, req.size, req.expectedMd5, compress, sealing);
  input.internal = Object.assign({}, req.meta.internal, sealed?.internal, compress ? compressedMark : {});
  input.body = stored.body;
  input.size = stored.size;
  if (stored.maxSize !== undefined) input.maxSize = stored.maxSize;
  const finish = stored.finish;
  input.finish = req.afterBody ? () => mergeFacts(finish(), req.afterBody!()) : finish;
  return deps.layer.putObject(input);
}

/** What reading plaintext needs of the protocol's dependencies (replication reads so too). */
export type ReadDeps = Pick<S3Deps, 'layer' | 'masterKey' | 'kms'>;

export interface OpenRequest {
  versionId?: string;
  /** Range over the plaintext. */
  range?: RangeSpec;
  partNumber?: number;
  /** The SSE-C key the request presents (for GET, HEAD, copy sources). */
  sseKey: SseNone | SseCustomerKey;
  /** Checks the range against the object's size first (a copy range has its own error). */
  checkRange?: (range: RangeSpec, size: number) => void;
  /** The reading request's log (ReadOptions.log). */
  log?: Logger;
}

export interface Opened {
  info: ObjectInfo;
  stream: Readable;
  /** Small plaintext objects: the bytes themselves (reply with these, not the stream). */
  bytes?: Buffer;
  /** Plaintext bytes sent, when a range or part was asked for. */
  range?: ByteRange;
}

/** Logical bytes of part n of an object (S3 partNumber). */
export function partPlainRange(info: ObjectInfo, n: number): ByteRange | undefined {
  if (n < 1 || n > Math.max(info.parts.length, 1))
    throw new ApiError('InvalidPart', 'The requested partnumber is not satisfiable');
  let start = 0;
  for (const p of info.parts.slice(0, n - 1)) start += p.size;
  const size = info.parts[n - 1]?.size ?? info.size;
  if (size > 0) return { start, end: start + size - 1 };
  // An empty object is read whole (no bytes); an empty last part of a bigger object has no
  // range to serve, and reading it as "the whole object" would hand out other parts' bytes.
  if (info.size > 0) throw new ApiError('InvalidRange');
  return undefined;
}

interface Segment {
  length: number;
  key: Buffer;
  range: CiphertextRange;
}

/** The stored range and per-part decryption for a plaintext range of an encrypted object. */
function encryptedPlan(info: ObjectInfo, objectKey: Buffer, wanted: ByteRange | undefined) {
  const segments: Segment[] = [];
  let stored: ByteRange | undefined;
  for (const { part, from, to, storedAt } of coveredParts(info, wanted)) {
    const r = ciphertextRange(from, to, part.size);
    segments.push({ length: r.end - r.start + 1, key: partKey(objectKey, part.number), range: r });
    stored = { start: stored?.start ?? storedAt + r.start, end: storedAt + r.end };
  }
  return { stored, segments };
}

/**
 * Opens an object version for reading plaintext: range or part resolved against the
 * plaintext, the SSE-C key checked, the stored bytes decrypted part by part.
 */
export async function openObject(
  deps: ReadDeps,
  bucket: string,
  key: string,
  req: OpenRequest,
): Promise<Opened> {
  let plainRange: ByteRange | undefined;
  let segments: { length: number; through: () => Duplex | Duplex[] }[] | undefined;
  let window: { skip: number; take: number } | undefined;
  const options: ReadOptions = {
    plan: (info) => {
      checkReadKey(info, req.sseKey);
      if (req.range && req.partNumber === undefined) req.checkRange?.(req.range, info.size);
      plainRange =
        req.partNumber !== undefined
          ? partPlainRange(info, req.partNumber)
          : req.range && resolveRange(req.range, info.size);
      const objectKey =
        storedSse(info) === 'none' ? undefined : objectKeyOf(deps, info, req.sseKey, { bucket, key });
      if (isCompressed(info)) {
        const plan = compressedPlan(info, objectKey, plainRange);
        segments = plan.segments;
        window = plan.window;
        return plan.stored;
      }
      if (!objectKey) return plainRange;
      const plan = encryptedPlan(info, objectKey, plainRange);
      segments = plan.segments.map((s) => ({
        length: s.length,
        through: () => decryptStream(s.key, s.range),
      }));
      return plan.stored ?? undefined;
    },
  };
  if (req.versionId !== undefined) options.versionId = req.versionId;
  if (req.log) options.log = req.log;
  const result = await deps.layer.getObject(bucket, key, options);
  // Neither encrypted nor compressed: the stored bytes and range are the plaintext ones.
  if (!segments) return result;
  const range = plainRange ? { range: plainRange } : {};
  const plaintext = segmented(result.stream, segments);
  const stream = window ? chain(plaintext, new ByteWindow(window.skip, window.take)) : plaintext;
  return { info: result.info, stream, ...range };
}

export type { MasterKey };
