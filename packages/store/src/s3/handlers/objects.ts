import {
  type ByteRange,
  MAX_OBJECT_SIZE,
  type ObjectInfo,
  type RangeSpec,
  type StoredHeaderName,
} from '../../engine/object-layer.js';
import { resolveRange } from '../../engine/range.js';
import { header, queryValue } from '../../http/context.js';
import { emptyReply, type Reply } from '../../http/reply.js';
import { declaredLength } from '../auth/payload.js';
import type { S3Call, S3Deps } from '../call.js';
import { ApiError } from '../errors.js';

const STORED_HEADERS: readonly StoredHeaderName[] = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
];
// GET may override response headers through these query parameters (presigned downloads).
const OVERRIDES: Record<string, string> = {
  'response-content-type': 'Content-Type',
  'response-content-language': 'Content-Language',
  'response-expires': 'Expires',
  'response-cache-control': 'Cache-Control',
  'response-content-disposition': 'Content-Disposition',
  'response-content-encoding': 'Content-Encoding',
};

function contentMd5(call: S3Call): Buffer | undefined {
  const value = header(call.ctx.headers, 'content-md5');
  if (value === undefined) return undefined;
  const digest = Buffer.from(value, 'base64');
  if (digest.length !== 16 || digest.toString('base64') !== value.trim()) throw new ApiError('InvalidDigest');
  return digest;
}

function storedHeaders(call: S3Call): Partial<Record<StoredHeaderName, string>> {
  const out: Partial<Record<StoredHeaderName, string>> = {};
  for (const name of STORED_HEADERS) {
    let value = header(call.ctx.headers, name);
    // aws-chunked is transfer framing, not a property of the object.
    if (name === 'content-encoding' && value !== undefined) {
      value = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '' && v !== 'aws-chunked')
        .join(',');
    }
    if (value) out[name] = value;
  }
  return out;
}

function userMeta(call: S3Call): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(call.ctx.headers)) {
    if (name.startsWith('x-amz-meta-')) out[name.slice(11)] = header(call.ctx.headers, name) ?? '';
  }
  return out;
}

export async function putObject(deps: S3Deps, call: S3Call, bucket: string, key: string): Promise<Reply> {
  const size = declaredLength(call.ctx, call.auth);
  if (size === undefined) throw new ApiError('MissingContentLength', undefined, { bucket, key });
  if (size > MAX_OBJECT_SIZE) throw new ApiError('EntityTooLarge', undefined, { bucket, key });
  const md5 = contentMd5(call);
  const contentType = header(call.ctx.headers, 'content-type');
  const info = await deps.layer.putObject({
    bucket,
    key,
    body: call.body(),
    size,
    contentType: contentType || 'binary/octet-stream',
    userMeta: userMeta(call),
    headers: storedHeaders(call),
    ...(md5 ? { expectedMd5: md5 } : {}),
  });
  return emptyReply(200, { ETag: `"${info.etag}"` });
}

function objectHeaders(info: ObjectInfo): Record<string, string> {
  const out: Record<string, string> = {
    'Content-Type': info.contentType,
    ETag: `"${info.etag}"`,
    'Last-Modified': info.modTime.toUTCString(),
  };
  for (const [name, value] of Object.entries(info.headers)) out[name] = value;
  for (const [name, value] of Object.entries(info.userMeta)) out[`x-amz-meta-${name}`] = value;
  return out;
}

/** The Range header as a spec; malformed or multiple ranges mean the whole object, as in S3. */
export function parseRange(value: string | undefined): RangeSpec | undefined {
  const m = value === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] === '') return { start };
  const end = Number(m[2]);
  return end < start ? undefined : { start, end };
}

function partial(headers: Record<string, string>, range: ByteRange, size: number): Record<string, string> {
  headers['Content-Length'] = String(range.end - range.start + 1);
  headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  return headers;
}

export async function getObject(deps: S3Deps, call: S3Call, bucket: string, key: string): Promise<Reply> {
  const { ctx } = call;
  const { info, stream, range } = await deps.layer.getObject(
    bucket,
    key,
    parseRange(header(ctx.headers, 'range')),
  );
  const headers = objectHeaders(info);
  for (const [param, name] of Object.entries(OVERRIDES)) {
    const v = queryValue(ctx.query, param);
    if (v !== undefined) headers[name] = v;
  }
  if (range)
    return {
      status: 206,
      headers: partial(headers, range, info.size),
      body: { type: 'stream', value: stream },
    };
  headers['Content-Length'] = String(info.size);
  return { status: 200, headers, body: { type: 'stream', value: stream } };
}

export async function headObject(deps: S3Deps, call: S3Call, bucket: string, key: string): Promise<Reply> {
  const info = await deps.layer.getObjectInfo(bucket, key);
  const headers = objectHeaders(info);
  const spec = parseRange(header(call.ctx.headers, 'range'));
  if (spec) return emptyReply(206, partial(headers, resolveRange(spec, info.size), info.size));
  headers['Content-Length'] = String(info.size);
  return emptyReply(200, headers);
}

export async function deleteObject(deps: S3Deps, bucket: string, key: string): Promise<Reply> {
  await deps.layer.deleteObject(bucket, key);
  return emptyReply(204);
}
