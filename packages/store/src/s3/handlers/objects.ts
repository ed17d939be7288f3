import { MAX_OBJECT_SIZE, type StoredHeaderName } from '../../engine/object-layer.js';
import { header } from '../../http/context.js';
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
export function contentMd5(call: S3Call): Buffer | undefined {
  const value = header(call.ctx.headers, 'content-md5');
  if (value === undefined) return undefined;
  const digest = Buffer.from(value, 'base64');
  if (digest.length !== 16 || digest.toString('base64') !== value.trim()) throw new ApiError('InvalidDigest');
  return digest;
}

export function storedHeaders(call: S3Call): Partial<Record<StoredHeaderName, string>> {
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

export function userMeta(call: S3Call): Record<string, string> {
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

export async function deleteObject(deps: S3Deps, bucket: string, key: string): Promise<Reply> {
  await deps.layer.deleteObject(bucket, key);
  return emptyReply(204);
}
