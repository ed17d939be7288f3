import {
  canonicalRequest,
  canonicalUri,
  EMPTY_SHA256,
  parseAuthorization,
  signature,
  stringToSign,
} from '@stowage/madmin';
import { header, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import {
  type AuthOptions,
  type AuthResult,
  assertHeadersSigned,
  canonicalHeaderReadings,
  checkScope,
  identify,
  MAX_SKEW_MS,
  parseAmzDate,
  verifySignature,
} from './common.js';

const PAYLOAD_HASH =
  /^([0-9a-f]{64}|UNSIGNED-PAYLOAD|STREAMING-(UNSIGNED-PAYLOAD-TRAILER|AWS4-HMAC-SHA256-PAYLOAD(-TRAILER)?))$/;

function requestDate(ctx: RequestContext): { value: string; date: Date } {
  const amz = header(ctx.headers, 'x-amz-date');
  if (amz !== undefined) {
    const date = parseAmzDate(amz);
    if (date) return { value: amz, date };
  } else {
    const http = header(ctx.headers, 'date');
    const date = http === undefined ? undefined : new Date(http);
    if (date && !Number.isNaN(date.getTime())) {
      const value = `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
      return { value, date };
    }
  }
  throw new ApiError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
}

/**
 * Verifies a SigV4 Authorization header. `payloadHash` overrides the x-amz-content-sha256
 * header (STS hashes the body itself). The body is checked later, while it streams.
 */
export function verifyHeaderAuth(
  ctx: RequestContext,
  opts: AuthOptions & { payloadHash?: string },
): AuthResult {
  const authorization = header(ctx.headers, 'authorization') ?? '';
  if (authorization.startsWith('AWS ')) {
    throw new ApiError('AccessDenied', 'Signature Version 2 is not supported; use Signature Version 4');
  }
  const parsed = parseAuthorization(authorization);
  if (!parsed) throw new ApiError('AuthorizationHeaderMalformed');
  const { value: amzDate, date } = requestDate(ctx);
  checkScope(parsed.scope, amzDate, opts, 'AuthorizationHeaderMalformed');
  if (Math.abs(opts.now.getTime() - date.getTime()) > MAX_SKEW_MS) throw new ApiError('RequestTimeTooSkewed');
  assertHeadersSigned(ctx, parsed.signedHeaders);
  const identity = identify(parsed.accessKey, header(ctx.headers, 'x-amz-security-token'), opts);

  const payloadHash = opts.payloadHash ?? header(ctx.headers, 'x-amz-content-sha256') ?? EMPTY_SHA256;
  if (!PAYLOAD_HASH.test(payloadHash)) throw new ApiError('XAmzContentSHA256Mismatch');
  if (ctx.path === undefined) throw new ApiError('XMinioInvalidObjectName');

  const uri = canonicalUri(ctx.path);
  const expected = verifySignature(
    parsed.signature,
    ctx.query,
    canonicalHeaderReadings(ctx, parsed.signedHeaders),
    (query, headers) => {
      const creq = canonicalRequest({
        method: ctx.method,
        canonicalUri: uri,
        canonicalQuery: query,
        canonicalHeaders: headers,
        signedHeaders: parsed.signedHeaders,
        payloadHash,
      });
      return signature(identity.secretKey, parsed.scope, stringToSign(amzDate, parsed.scope, creq));
    },
    { opts, identity },
  );
  return { identity, payloadHash, scope: parsed.scope, amzDate, signature: expected };
}
