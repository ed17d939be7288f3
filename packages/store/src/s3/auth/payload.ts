import { createHash, hash } from 'node:crypto';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { UNSIGNED_PAYLOAD } from '@stowage/madmin';
import { fromRequest, readRequestBody } from '../../http/body.js';
import { header, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { chain } from '../streams.js';
import { ChecksumCheck, checksumSpec } from './checksum.js';
import { AwsChunkedDecoder } from './chunked.js';
import type { AuthResult } from './common.js';

/** Hashes the body as it passes and fails at the end if it is not what was signed. */
export class Sha256Check extends Transform {
  private readonly hash = createHash('sha256');

  constructor(private readonly expected: string) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.hash.digest('hex') === this.expected ? null : new ApiError('XAmzContentSHA256Mismatch'));
  }
}

/**
 * How an anonymous request frames its body: nothing is signed, so only the unsigned
 * aws-chunked form (with checksum trailers) or plain bytes.
 */
function anonymousPayload(ctx: RequestContext): string {
  return header(ctx.headers, 'x-amz-content-sha256') === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'
    ? 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'
    : UNSIGNED_PAYLOAD;
}

/**
 * The request body as the handler may read it: decoded from aws-chunked framing and
 * checked against the signed payload hash and any declared checksum. Errors surface
 * on the stream, before its end, so the engine never commits an unverified body.
 */
export function verifiedBody(
  ctx: RequestContext,
  auth: AuthResult | undefined,
  opts: BodyOptions = {},
): Readable {
  const mode = auth?.payloadHash ?? anonymousPayload(ctx);
  let body: Readable;
  let trailers: Map<string, string> | undefined;
  if (mode.startsWith('STREAMING-')) {
    const signed = auth !== undefined && mode.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD');
    const decoder = new AwsChunkedDecoder(
      signed
        ? {
            secretKey: auth!.identity.secretKey,
            scope: auth!.scope,
            amzDate: auth!.amzDate,
            seedSignature: auth!.signature,
          }
        : undefined,
      header(ctx.headers, 'x-amz-trailer')?.trim().toLowerCase() || undefined,
    );
    trailers = decoder.trailers;
    ctx.trailers = trailers;
    body = fromRequest(ctx.req, decoder);
  } else if (mode === UNSIGNED_PAYLOAD) {
    body = fromRequest(ctx.req, new PassThrough());
  } else {
    body = fromRequest(ctx.req, new Sha256Check(mode));
  }
  const spec = opts.checksumsDescribeObject
    ? undefined
    : checksumSpec(ctx, trailers, mode.endsWith('-TRAILER'));
  return spec ? chain(body, new ChecksumCheck(spec)) : body;
}

export interface BodyOptions {
  /**
   * The request's x-amz-checksum-* headers are the object's, not the body's
   * (CompleteMultipartUpload): its handler checks them against the parts instead.
   */
  checksumsDescribeObject?: boolean;
}

/**
 * Bodies up to this size that come whole (not aws-chunked) and name no flexible checksum are
 * read into one buffer and checked at once: for a small object, streams cost more than the rest.
 */
export const WHOLE_BODY_MAX = 128 * 1024;

/**
 * The verified request body in one buffer, when it is small and plain (see WHOLE_BODY_MAX);
 * undefined otherwise, and then body() streams it. The payload hash is checked here.
 */
export function wholeVerifiedBody(
  ctx: RequestContext,
  auth: AuthResult | undefined,
  opts: BodyOptions = {},
): Promise<Buffer> | undefined {
  const mode = auth?.payloadHash ?? anonymousPayload(ctx);
  if (
    mode.startsWith('STREAMING-') ||
    (!opts.checksumsDescribeObject && checksumSpec(ctx, undefined, false) !== undefined)
  )
    return undefined;
  const raw = header(ctx.headers, 'content-length');
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) > WHOLE_BODY_MAX) return undefined;
  return readRequestBody(ctx.req, Number(raw)).then((body) => {
    if (mode !== UNSIGNED_PAYLOAD && hash('sha256', body, 'hex') !== mode)
      throw new ApiError('XAmzContentSHA256Mismatch');
    return body;
  });
}

/** The length the decoded body must have, when the request declares one. */
export function declaredLength(ctx: RequestContext, auth: AuthResult | undefined): number | undefined {
  const raw = (auth?.payloadHash ?? anonymousPayload(ctx)).startsWith('STREAMING-')
    ? header(ctx.headers, 'x-amz-decoded-content-length')
    : header(ctx.headers, 'content-length');
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new ApiError('InvalidArgument', 'Invalid content length');
  return Number(raw);
}
