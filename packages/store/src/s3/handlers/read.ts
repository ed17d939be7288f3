import { EngineError } from '../../engine/errors.js';
import type { GetObjectResult, ObjectInfo } from '../../engine/object-layer.js';
import { resolveRange } from '../../engine/range.js';
import { emptyReply, type Reply } from '../../http/reply.js';
import type { S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import { evaluateConditions, hasConditions } from '../request/conditions.js';
import type { S3Operation } from '../router.js';

type ReadOp = Extract<S3Operation, { op: 'GetObject' | 'HeadObject' }>;

export function objectHeaders(info: ObjectInfo): Record<string, string> {
  const out: Record<string, string> = {
    'content-type': info.contentType,
    ETag: `"${info.etag}"`,
    'Last-Modified': info.modTime.toUTCString(),
  };
  for (const [name, value] of Object.entries(info.headers)) out[name] = value;
  for (const [name, value] of Object.entries(info.userMeta)) out[`x-amz-meta-${name}`] = value;
  return out;
}

/** 304 carries the validators only; 412 is an error document. */
function checkConditions(op: ReadOp, info: ObjectInfo): Reply | undefined {
  const outcome = evaluateConditions(op.conditions, info.etag, info.modTime);
  if (outcome === 'failed') throw new ApiError('PreconditionFailed');
  if (outcome === 'not-modified')
    return emptyReply(304, { ETag: `"${info.etag}"`, 'Last-Modified': info.modTime.toUTCString() });
  return undefined;
}

/** InvalidRange answers with the size the client should have asked within (bytes * /size). */
async function invalidRange(deps: S3Deps, op: ReadOp): Promise<ApiError> {
  const info = await deps.layer.getObjectInfo(op.bucket, op.key);
  return new ApiError('InvalidRange', undefined, { headers: { 'Content-Range': `bytes */${info.size}` } });
}

async function open(deps: S3Deps, op: ReadOp): Promise<GetObjectResult | Omit<GetObjectResult, 'stream'>> {
  try {
    if (op.op === 'GetObject') return await deps.layer.getObject(op.bucket, op.key, op.range);
    const info = await deps.layer.getObjectInfo(op.bucket, op.key);
    return op.range ? { info, range: resolveRange(op.range, info.size) } : { info };
  } catch (err) {
    if (err instanceof EngineError && err.code === 'InvalidRange') throw await invalidRange(deps, op);
    throw err;
  }
}

export async function readObject(deps: S3Deps, op: ReadOp): Promise<Reply> {
  if (hasConditions(op.conditions)) {
    const reply = checkConditions(op, await deps.layer.getObjectInfo(op.bucket, op.key));
    if (reply) return reply;
  }
  const opened = await open(deps, op);
  const { info, range } = opened;
  const headers = { ...objectHeaders(info), ...op.overrides };
  if (range) {
    headers['Content-Length'] = String(range.end - range.start + 1);
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  } else {
    headers['Content-Length'] = String(info.size);
  }
  const status = range ? 206 : 200;
  return 'stream' in opened
    ? { status, headers, body: { type: 'stream', value: opened.stream } }
    : emptyReply(status, headers);
}
