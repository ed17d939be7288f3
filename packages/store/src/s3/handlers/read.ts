import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import {
  parseSsePartHeaders,
  parseSseReadHeaders,
  type SseCustomerKey,
  SseHeaderError,
  type SseNone,
  sseResponseHeaders,
} from '../../crypto/index.js';
import { EngineError } from '../../engine/errors.js';
import type { ByteRange, ObjectInfo } from '../../engine/object-layer.js';
import { resolveRange } from '../../engine/range.js';
import { header, isPrivateChannel, type RequestContext } from '../../http/context.js';
import { requestLog } from '../../http/request-info.js';
import { expirationHeader } from '../../ilm/lifecycle/bucket-rules.js';
import { restoreExpiryOf, restoreOngoing } from '../../ilm/transition/transitioned.js';
import type { Logger } from '../../observe/logger.js';
import { shownStatus } from '../../replication/status.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import { rendersAsDocument, SANDBOX_POLICY } from '../active-content.js';
import { versioned } from '../authorize.js';
import type { S3Call, S3Deps } from '../call.js';
import {
  checkReadKey,
  type OpenRequest,
  objectKeyOf,
  openObject,
  partPlainRange,
  sseOf,
  storedSse,
  toApiError,
} from '../object-io.js';
import { evaluateConditions, hasConditions } from '../request/conditions.js';
import type { S3Operation } from '../router.js';
import { firstBytes } from '../streams.js';
import { checksumHeaders, objectChecksums, partChecksums, versionIdHeader } from './objects.js';

type ReadOp = Extract<S3Operation, { op: 'GetObject' | 'HeadObject' }>;

/** A multipart object (its ETag ends -N), even of one part. */
export const isMultipart = (info: ObjectInfo): boolean => info.parts.length > 1 || /-\d+$/.test(info.etag);

// Bytes past ASCII, one character per byte as a header value holds them.
const NON_ASCII = /[\x80-\xff]/;

/**
 * A user metadata value as S3 answers it. Clients send non-ASCII text as UTF-8 bytes and read
 * answers as Latin-1 (Python's http.client, Node's http): text Latin-1 can carry is sent in
 * it, so it reads back as written (s3-tests' set_get_unicode_metadata); other bytes go back
 * as they came, as MinIO sends them.
 */
export function answeredMetaValue(value: string): string {
  if (!NON_ASCII.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  if (!isUtf8(bytes)) return value;
  const text = bytes.toString('utf8');
  return /[\u0100-\uffff]/.test(text) ? value : text;
}

/** The headers every GET/HEAD of a version carries. */
export function objectHeaders(info: ObjectInfo): Record<string, string> {
  const out: Record<string, string> = {
    'content-type': info.contentType,
    ETag: `"${info.etag}"`,
    'Last-Modified': info.modTime.toUTCString(),
  };
  for (const [name, value] of Object.entries(info.headers)) out[name] = value;
  for (const [name, value] of Object.entries(info.userMeta))
    out[`x-amz-meta-${name}`] = answeredMetaValue(value);
  Object.assign(out, versionIdHeader(info.versionId));
  if (info.tags !== '') out['x-amz-tagging-count'] = String(info.tags.split('&').length);
  if (info.retention) {
    out['x-amz-object-lock-mode'] = info.retention.mode;
    out['x-amz-object-lock-retain-until-date'] = info.retention.until.toISOString();
  }
  // OFF once a hold was lifted; absent when there never was one (S3's HeadObject).
  if (info.legalHold !== undefined) out['x-amz-object-lock-legal-hold'] = info.legalHold ? 'ON' : 'OFF';
  Object.assign(out, sseResponseHeaders(sseOf(info)));
  const restored = restoreExpiryOf(info);
  if (restoreOngoing(info)) out['x-amz-restore'] = 'ongoing-request="true"';
  else if (restored)
    out['x-amz-restore'] = `ongoing-request="false", expiry-date="${restored.toUTCString()}"`;
  const replication = shownStatus(info.internal);
  if (replication) out['x-amz-replication-status'] = replication;
  return out;
}

/**
 * 304 carries the validators and what a cache needs to keep its copy fresh (RFC 9110 §15.4.5:
 * the Cache-Control and Expires a 200 would send); 412 is an error document.
 */
function checkConditions(op: ReadOp, info: ObjectInfo): Reply | undefined {
  const outcome = evaluateConditions(op.conditions, info.etag, info.modTime);
  if (outcome === 'failed') throw new ApiError('PreconditionFailed');
  if (outcome !== 'not-modified') return undefined;
  const headers: Record<string, string> = {
    ETag: `"${info.etag}"`,
    'Last-Modified': info.modTime.toUTCString(),
  };
  for (const name of ['cache-control', 'expires'] as const) {
    const value = info.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  Object.assign(headers, versionIdHeader(info.versionId));
  return emptyReply(304, headers);
}

/** The customer key a read presents; `part`: an upload's part, which may repeat SSE-S3's header. */
export function readKey(ctx: RequestContext, part = false, kmsKeyId?: string): SseNone | SseCustomerKey {
  try {
    const parse = part ? parseSsePartHeaders : parseSseReadHeaders;
    return parse(ctx.headers, { secure: isPrivateChannel(ctx), kmsKeyId });
  } catch (err) {
    if (err instanceof SseHeaderError) throw toApiError(err);
    throw err;
  }
}

/**
 * The checksums that describe what a read serves: the object's for the whole of it, a
 * multipart object's part's for that part (as S3 answers them), none for a byte range.
 */
function checksumsServed(op: ReadOp, info: ObjectInfo): Record<string, string> {
  if (op.range) return {};
  const whole = objectChecksums(info.internal);
  if (op.partNumber === undefined || !isMultipart(info)) return whole;
  // The part served: the n-th one kept, as partPlainRange picks its bytes (MinIO reads
  // parts by position; after a Complete that skipped numbers, n is not the upload's number).
  const part = info.parts[op.partNumber - 1];
  if (!part) return {};
  const checksums = partChecksums(info, part);
  return Object.keys(checksums).length > 0 ? { ...checksums, 'checksum-type': whole['checksum-type']! } : {};
}

const version = (op: ReadOp) => (op.versionId === undefined ? {} : { versionId: op.versionId });

/** InvalidRange answers with the size the client should have asked within (bytes * /size). */
async function invalidRange(deps: S3Deps, op: ReadOp): Promise<ApiError> {
  const info = await deps.layer.getObjectInfo(op.bucket, op.key, version(op));
  return new ApiError('InvalidRange', undefined, { headers: { 'Content-Range': `bytes */${info.size}` } });
}

/** Refuses a read without the right customer key; unsealing the object's key is the check. */
export function checkKeyOpens(
  deps: S3Deps,
  op: { bucket: string; key: string },
  info: ObjectInfo,
  key: SseNone | SseCustomerKey,
): void {
  checkReadKey(info, key);
  if (storedSse(info) === 'C') objectKeyOf(deps, info, key, { bucket: op.bucket, key: op.key });
}

/** HEAD: the version's facts, with the range or part resolved against its plaintext. */
async function stat(
  deps: S3Deps,
  op: ReadOp,
  key: SseNone | SseCustomerKey,
): Promise<{ info: ObjectInfo; range?: ByteRange }> {
  const info = await deps.layer.getObjectInfo(op.bucket, op.key, version(op));
  checkKeyOpens(deps, op, info, key);
  if (op.partNumber !== undefined) {
    const range = partPlainRange(info, op.partNumber);
    return range ? { info, range } : { info };
  }
  return op.range ? { info, range: resolveRange(op.range, info.size) } : { info };
}

/**
 * Retention and legal hold are shown only to callers who may read them (s3:GetObjectRetention,
 * s3:GetObjectLegalHold), as S3 documents for HeadObject and MinIO filters them.
 */
async function hideUnpermittedLock(call: S3Call, op: ReadOp, headers: Record<string, string>): Promise<void> {
  const about = { bucket: op.bucket, key: op.key, ...versioned(op) };
  if (
    headers['x-amz-object-lock-mode'] !== undefined &&
    !(await call.may({ action: 's3:GetObjectRetention', ...about }))
  ) {
    delete headers['x-amz-object-lock-mode'];
    delete headers['x-amz-object-lock-retain-until-date'];
  }
  if (
    headers['x-amz-object-lock-legal-hold'] !== undefined &&
    !(await call.may({ action: 's3:GetObjectLegalHold', ...about }))
  )
    delete headers['x-amz-object-lock-legal-hold'];
}

function openRequest(op: ReadOp, sseKey: SseNone | SseCustomerKey, log: Logger | undefined): OpenRequest {
  const req: OpenRequest = { sseKey };
  if (log) req.log = log;
  if (op.versionId !== undefined) req.versionId = op.versionId;
  if (op.range) req.range = op.range;
  if (op.partNumber !== undefined) req.partNumber = op.partNumber;
  return req;
}

/**
 * If-Range (RFC 9110 §13.1.5): a resumed download asks for the rest only of the bytes it
 * has. The validator must still match, strongly (an ETag, not a weak one) or exactly (the
 * Last-Modified date); otherwise the whole object is the answer, never a splice of two.
 */
function ifRangeHolds(validator: string, info: ObjectInfo): boolean {
  const v = validator.trim();
  if (v.startsWith('W/')) return false;
  if (v.startsWith('"')) return v === `"${info.etag}"`;
  const at = Date.parse(v);
  return !Number.isNaN(at) && Math.floor(at / 1000) === Math.floor(info.modTime.getTime() / 1000);
}

export async function readObject(deps: S3Deps, op: ReadOp, call: S3Call): Promise<Reply> {
  const { ctx } = call;
  // S3 honours response-* overrides on signed requests only.
  if (call.auth === undefined && Object.keys(op.overrides).length > 0)
    throw new ApiError(
      'InvalidRequest',
      'Request specific response headers cannot be used for anonymous GET requests.',
    );
  const key = readKey(ctx);
  if (hasConditions(op.conditions)) {
    const current = await deps.layer.getObjectInfo(op.bucket, op.key, version(op));
    // An SSE-C object answers nothing, not even 304, to a request without its key.
    checkKeyOpens(deps, op, current, key);
    const reply = checkConditions(op, current);
    if (reply) return reply;
  }
  let opened: { info: ObjectInfo; range?: ByteRange; stream?: Readable; bytes?: Buffer };
  const whole = (): ReadOp => {
    const { range: _, ifRange: __, ...rest } = op;
    return rest;
  };
  const log = requestLog(deps.log, ctx);
  const open = (o: ReadOp) =>
    o.op === 'GetObject' ? openObject(deps, o.bucket, o.key, openRequest(o, key, log)) : stat(deps, o, key);
  try {
    opened = await open(op);
    // If-Range is judged on the version opened (a check before the open could pass on one
    // version and serve another's bytes): no match, and the whole object is the answer.
    if (op.range && op.ifRange !== undefined && !ifRangeHolds(op.ifRange, opened.info)) {
      opened.stream?.destroy();
      op = whole();
      opened = await open(op);
    }
  } catch (err) {
    if (!((err instanceof EngineError || err instanceof ApiError) && err.code === 'InvalidRange')) throw err;
    // A range past the end of an object that changed since (If-Range fails) is no error:
    // the Range is ignored, and the new object is the answer (a resumed download of a file
    // replaced by a shorter one).
    const current =
      op.range && op.ifRange !== undefined
        ? await deps.layer.getObjectInfo(op.bucket, op.key, version(op))
        : undefined;
    if (!current || ifRangeHolds(op.ifRange!, current)) throw await invalidRange(deps, op);
    op = whole();
    opened = await open(op);
  }
  const { info, range } = opened;
  const headers = Object.assign(objectHeaders(info), op.overrides);
  // Judged on the type the answer declares: a response-content-type override included.
  if (deps.cspSandbox !== false && rendersAsDocument(headers['content-type']))
    headers['Content-Security-Policy'] = SANDBOX_POLICY;
  // Only a part read learns the part count (S3's PartsCount; MinIO's opts.PartNumber > 0).
  if (op.partNumber !== undefined && isMultipart(info))
    headers['x-amz-mp-parts-count'] = String(info.parts.length);
  await hideUnpermittedLock(call, op, headers);
  const expiration = await expirationHeader(deps.system, info);
  if (expiration) headers['x-amz-expiration'] = expiration;
  if (header(ctx.headers, 'x-amz-checksum-mode')?.toUpperCase() === 'ENABLED')
    Object.assign(headers, checksumHeaders(checksumsServed(op, info)));
  if (range) {
    headers['Content-Length'] = String(range.end - range.start + 1);
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  } else {
    headers['Content-Length'] = String(info.size);
  }
  // A part read is a range read too (206), as MinIO answers it.
  const status = range ? 206 : 200;
  if (opened.bytes) return { status, headers, body: { type: 'bytes', value: opened.bytes } };
  if (opened.stream) await firstBytes(opened.stream);
  return opened.stream
    ? { status, headers, body: { type: 'stream', value: opened.stream } }
    : emptyReply(status, headers);
}
