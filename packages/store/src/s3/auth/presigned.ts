import {
  canonicalRequest,
  canonicalUri,
  type Scope,
  signature,
  stringToSign,
  UNSIGNED_PAYLOAD,
} from '@stowage/madmin';
import { queryValue, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import {
  type AuthOptions,
  type AuthResult,
  assertHeadersSigned,
  canonicalHeaderReadings,
  identify,
  MAX_PRESIGNED_MS,
  MAX_SKEW_MS,
  parseAmzDate,
  sameRegion,
  verifySignature,
} from './common.js';

const MAX_EXPIRES = MAX_PRESIGNED_MS / 1000;

/**
 * Any of the SigV4 query parameters makes a presigned URL (MinIO reads X-Amz-Credential): one
 * missing the rest is refused as incomplete, never served as an anonymous request.
 */
export function isPresigned(ctx: RequestContext): boolean {
  return PRESIGN_MARKS.some((name) => queryValue(ctx.query, name) !== undefined);
}

const PRESIGN_MARKS = ['X-Amz-Signature', 'X-Amz-Credential', 'X-Amz-Algorithm'];

// A malformed presigned URL is the client's mistake (400 AuthorizationQueryParametersError,
// as AWS and MinIO answer); one that is well formed but expired, early or forged is refused
// (403).
const malformed = (message?: string) => new ApiError('AuthorizationQueryParametersError', message);

// An X-Amz-Expires out of range is a link that may not be used: S3 refuses it with 403
// under the parameter error's code (Ceph's s3-tests, written against AWS, hold this; MinIO
// answers 400).
const outOfRange = (message: string) =>
  new ApiError('AuthorizationQueryParametersError', message, { status: 403 });

function required(ctx: RequestContext, name: string): string {
  const v = queryValue(ctx.query, name);
  if (v === undefined) throw malformed();
  return v;
}

/** X-Amz-Expires in seconds: a whole number up to a week. */
function expiresOf(raw: string): number {
  if (/^-\d+$/.test(raw)) throw outOfRange('X-Amz-Expires must be non-negative');
  if (!/^\d+$/.test(raw)) throw malformed('X-Amz-Expires should be a number');
  const seconds = Number(raw);
  if (seconds > MAX_EXPIRES)
    throw outOfRange(
      'X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds',
    );
  return seconds;
}

const CREDENTIAL = 'Error parsing the X-Amz-Credential parameter; ';
const YYYYMMDD = /^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

/**
 * The credential's scope fits this endpoint and the request's date; each misfit is named in
 * AWS's words, under the parameter error's code (MinIO answers the same code for a region
 * and a date, AuthorizationHeaderMalformed being its header twin).
 */
function checkCredentialScope(scope: Scope, amzDate: string, opts: AuthOptions): void {
  if (!YYYYMMDD.test(scope.date))
    throw malformed(
      `${CREDENTIAL}incorrect date format "${scope.date}". This date in the credential must be in the format "yyyyMMdd".`,
    );
  if (scope.service !== opts.service)
    throw malformed(
      `${CREDENTIAL}incorrect service "${scope.service}". This endpoint belongs to "${opts.service}".`,
    );
  if (opts.region && scope.region !== '' && !sameRegion(scope.region, opts.region))
    throw malformed(`${CREDENTIAL}the region '${scope.region}' is wrong; expecting '${opts.region}'`);
  if (scope.date !== amzDate.slice(0, 8))
    throw malformed('Invalid credential date. Date is not the same as X-Amz-Date.');
}

/** Verifies a query-string (presigned URL) SigV4 request; its payload is never signed. */
export function verifyPresigned(ctx: RequestContext, opts: AuthOptions): AuthResult {
  if (required(ctx, 'X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
    throw malformed('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
  }
  const credential = required(ctx, 'X-Amz-Credential').split('/');
  const amzDate = required(ctx, 'X-Amz-Date');
  const expires = expiresOf(required(ctx, 'X-Amz-Expires'));
  const signedHeaders = required(ctx, 'X-Amz-SignedHeaders').split(';');
  const given = required(ctx, 'X-Amz-Signature');

  if (credential.length < 5 || credential.at(-1) !== 'aws4_request') {
    throw malformed(
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
    );
  }
  const [date, region, service] = credential.slice(-4) as [string, string, string];
  const scope = { date, region, service };
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt) throw malformed('X-Amz-Date must be in the ISO8601 Long Format');
  assertHeadersSigned(ctx, signedHeaders);
  checkCredentialScope(scope, amzDate, opts);
  if (signedAt.getTime() - opts.now.getTime() > MAX_SKEW_MS)
    throw new ApiError('AccessDenied', 'Request is not valid yet');
  // A link valid for no time has expired whenever it arrives, even within its signing second.
  if (expires === 0 || opts.now.getTime() > signedAt.getTime() + expires * 1000) {
    throw new ApiError('AccessDenied', 'Request has expired');
  }
  const identity = identify(
    credential.slice(0, -4).join('/'),
    queryValue(ctx.query, 'X-Amz-Security-Token'),
    opts,
  );
  if (ctx.path === undefined) throw new ApiError('XMinioInvalidObjectName');

  const uri = canonicalUri(ctx.path);
  const query = ctx.query.filter(([k]) => k !== 'X-Amz-Signature');
  const expected = verifySignature(
    given,
    query,
    canonicalHeaderReadings(ctx, signedHeaders),
    (canonicalQuery, headers) => {
      const creq = canonicalRequest({
        method: ctx.method,
        canonicalUri: uri,
        canonicalQuery,
        canonicalHeaders: headers,
        signedHeaders,
        payloadHash: UNSIGNED_PAYLOAD,
      });
      return signature(identity.secretKey, scope, stringToSign(amzDate, scope, creq));
    },
    { opts, identity },
  );
  return { identity, payloadHash: UNSIGNED_PAYLOAD, scope, amzDate, signature: expected };
}
