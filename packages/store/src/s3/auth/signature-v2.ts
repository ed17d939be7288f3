import { createHmac } from 'node:crypto';
import { UNSIGNED_PAYLOAD } from '@stowage/madmin';
import { sameSecret } from '../../crypto/same-secret.js';
import { header, queryValue, type RequestContext } from '../../http/context.js';
import type { Identity } from '../../iam/credentials.js';
import { ApiError } from '../../wire/errors.js';
import { selectsOperation } from '../request/actions.js';
import {
  type AuthOptions,
  type AuthResult,
  identify,
  MAX_PRESIGNED_MS,
  MAX_SKEW_MS,
  signatureMismatch,
} from './common.js';

// AWS Signature Version 2, on S3 requests only, as MinIO accepts it: the header form
// ("Authorization: AWS key:signature") and presigned URLs (AWSAccessKeyId, Signature,
// Expires), which boto3 makes by default. HMAC-SHA1 over the method, Content-MD5,
// Content-Type, the date (or the expiry), every x-amz-* header and the resource. The body is
// not signed: a Content-MD5, when sent, is what checks it.

/** Sub-resources the resource string names: those botocore and MinIO both list, then each one's own. */
const SHARED_RESOURCES = [
  'acl',
  'cors',
  'delete',
  'lifecycle',
  'location',
  'logging',
  'notification',
  'partNumber',
  'policy',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'select',
  'select-type',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
];
const BOTOCORE_RESOURCES = new Set([
  ...SHARED_RESOURCES,
  'accelerate',
  'analytics',
  'defaultObjectAcl',
  'inventory',
  'metrics',
  'object-lock',
  'replication',
  'restore',
  'storageClass',
]);
const MINIO_RESOURCES = new Set([...SHARED_RESOURCES, 'encryption', 'legal-hold', 'retention']);
/**
 * What a signature must cover: every sub-resource either signer's list names, whichever the
 * client used. Leaving one out would let a signature made for one operation authorise
 * another (a presigned PUT of an object reused for ?retention, a list for ?encryption).
 */
const SUB_RESOURCES = new Set([...BOTOCORE_RESOURCES, ...MINIO_RESOURCES]);

export const isSignatureV2Header = (ctx: RequestContext): boolean =>
  header(ctx.headers, 'authorization')?.startsWith('AWS ') ?? false;

export const isPresignedV2 = (ctx: RequestContext): boolean =>
  queryValue(ctx.query, 'AWSAccessKeyId') !== undefined && queryValue(ctx.query, 'Signature') !== undefined;

/** The raw query pairs as sent (names and values still encoded). */
function rawQuery(ctx: RequestContext): [string, string][] {
  const url = ctx.req.url ?? '';
  const q = url.indexOf('?');
  if (q < 0) return [];
  return url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const at = p.indexOf('=');
      return at < 0 ? [p, ''] : [p.slice(0, at), p.slice(at + 1)];
    });
}

/** A resource string a client may have signed, and the query parameters it names. */
interface Resource {
  text: string;
  covers: ReadonlySet<string>;
}

/**
 * The resource strings a client may have signed: values decoded or as sent. Names are read
 * decoded, as the router reads them (MinIO unescapes them too): `?%74agging` is tagging, and
 * is signed as such.
 */
function resources(ctx: RequestContext, resourcePath: string): Resource[] {
  // botocore signs a bucket's own requests as "/bucket/", whatever path it sends.
  const paths = new Set([resourcePath]);
  if (/^\/[^/]+$/.test(resourcePath)) paths.add(`${resourcePath}/`);
  const raw = rawQuery(ctx);
  const pairs = ctx.query.map(([key, decoded], i) => ({ key, decoded, raw: raw[i]?.[1] ?? decoded }));
  const signed = pairs.filter((p) => SUB_RESOURCES.has(p.key));
  const covered = new Set(signed.map((p) => p.key));
  const out = new Map<string, Resource>();
  for (const path of paths)
    for (const decode of [true, false]) {
      const kept = signed
        .map((p) => [p.key, decode ? p.decoded : p.raw] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => (v === '' ? k : `${k}=${v}`));
      const query = kept.length > 0 ? `?${kept.join('&')}` : '';
      out.set(`${path}${query}`, { text: `${path}${query}`, covers: covered });
      // botocore signs an operation whose address holds a fixed query (?uploads, ?delete,
      // ?list-type=2) with that query in the path too: "/b/k?uploads?uploads".
      const [first] = pairs;
      if (first) {
        const text = `${path}?${first.raw === '' ? first.key : `${first.key}=${decode ? first.decoded : first.raw}`}${query}`;
        out.set(text, { text, covers: new Set([...covered, first.key]) });
      }
    }
  return [...out.values()];
}

/**
 * A query parameter that chooses the operation (router's keywords) must be one the
 * signature covers: Signature V2 signs only a fixed list of sub-resources, so without this
 * `&events=` appended to a presigned listing would turn it into a notification stream, or
 * `&policyStatus` into another read, all under the signer's rights.
 */
function assertOperationSigned(ctx: RequestContext, covers: ReadonlySet<string>): void {
  const seen = new Set<string>();
  for (const [key] of ctx.query) {
    if (!selectsOperation(key)) continue;
    // A keyword signed only as the path's fixed query covers that one occurrence.
    const repeated = seen.has(key) && !SUB_RESOURCES.has(key);
    seen.add(key);
    if (!covers.has(key) || repeated)
      throw new ApiError(
        'AccessDenied',
        `There were query parameters present in the request which were not signed: ${key}`,
      );
  }
}

/**
 * Every x-amz-* header, lower-cased and sorted, repeats joined with ','. A presigned URL
 * may carry some as query parameters (botocore moves x-amz-security-token there after
 * signing it as a header): `fromQuery` counts those too.
 */
function amzHeaders(ctx: RequestContext, fromQuery: boolean): string {
  const values = new Map<string, string[]>();
  const distinct = ctx.req.headersDistinct;
  for (const name of Object.keys(ctx.headers))
    if (name.startsWith('x-amz-')) values.set(name, distinct?.[name] ?? [header(ctx.headers, name) ?? '']);
  if (fromQuery)
    for (const [k, v] of ctx.query) {
      const name = k.toLowerCase();
      if (name.startsWith('x-amz-')) values.set(name, [...(values.get(name) ?? []), v]);
    }
  return [...values.keys()]
    .sort()
    .map(
      (name) =>
        `${name}:${values
          .get(name)!
          .map((v) => v.trim())
          .join(',')}\n`,
    )
    .join('');
}

function verify(
  ctx: RequestContext,
  signer: { opts: AuthOptions; identity: Identity },
  given: string,
  date: string,
  resourcePath: string,
  presigned = false,
): string {
  const head = [
    ctx.method,
    header(ctx.headers, 'content-md5') ?? '',
    header(ctx.headers, 'content-type') ?? '',
    date,
  ].join('\n');
  const amz = presigned ? [amzHeaders(ctx, true), amzHeaders(ctx, false)] : [amzHeaders(ctx, false)];
  for (const headers of new Set(amz))
    for (const resource of resources(ctx, resourcePath)) {
      const expected = createHmac('sha1', signer.identity.secretKey)
        .update(Buffer.from(`${head}\n${headers}${resource.text}`, 'latin1'))
        .digest('base64');
      if (sameSecret(expected, given)) {
        assertOperationSigned(ctx, resource.covers);
        return expected;
      }
    }
  throw signatureMismatch(signer.opts, signer.identity);
}

function result(identity: AuthResult['identity'], at: Date, sig: string, opts: AuthOptions) {
  const amzDate = `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  const scope = { date: amzDate.slice(0, 8), region: opts.region ?? '', service: 's3' };
  return { identity, payloadHash: UNSIGNED_PAYLOAD, scope, amzDate, signature: sig } satisfies AuthResult;
}

/** Verifies "Authorization: AWS <key>:<signature>"; `resourcePath` is the request's path with its bucket. */
export function verifyHeaderV2(ctx: RequestContext, opts: AuthOptions, resourcePath: string): AuthResult {
  const m = /^AWS ([^:\s]+):(\S+)$/.exec(header(ctx.headers, 'authorization') ?? '');
  if (!m) throw new ApiError('AuthorizationHeaderMalformed');
  const dateHeader = header(ctx.headers, 'date');
  const amz = header(ctx.headers, 'x-amz-date');
  const signedAt = new Date(amz ?? dateHeader ?? Number.NaN);
  if (Number.isNaN(signedAt.getTime()))
    throw new ApiError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(opts.now.getTime() - signedAt.getTime()) > MAX_SKEW_MS)
    throw new ApiError('RequestTimeTooSkewed');
  const identity = identify(m[1]!, header(ctx.headers, 'x-amz-security-token'), opts);
  // With x-amz-date (signed among the x-amz-* headers), the Date line is what Date says, often empty.
  const sig = verify(ctx, { opts, identity }, m[2]!, dateHeader ?? '', resourcePath);
  return result(identity, signedAt, sig, opts);
}

/** Verifies a presigned V2 URL: AWSAccessKeyId, Signature, Expires (seconds since 1970). */
export function verifyPresignedV2(ctx: RequestContext, opts: AuthOptions, resourcePath: string): AuthResult {
  const expires = queryValue(ctx.query, 'Expires') ?? '';
  if (!/^\d{1,12}$/.test(expires))
    throw new ApiError('AuthorizationQueryParametersError', 'Expires must be a number of seconds since 1970');
  if (opts.now.getTime() > Number(expires) * 1000) throw new ApiError('AccessDenied', 'Request has expired');
  // SigV4 caps a presigned URL at a week (X-Amz-Expires); V2 would otherwise make links
  // that outlive any rotation schedule. The clock skew allowed elsewhere is allowed here too.
  if (Number(expires) * 1000 - opts.now.getTime() > MAX_PRESIGNED_MS + MAX_SKEW_MS)
    throw new ApiError(
      'AuthorizationQueryParametersError',
      'Expires must be less than a week (604800 seconds) from now',
    );
  const token = queryValue(ctx.query, 'x-amz-security-token') ?? header(ctx.headers, 'x-amz-security-token');
  const identity = identify(queryValue(ctx.query, 'AWSAccessKeyId')!, token, opts);
  const sig = verify(
    ctx,
    { opts, identity },
    queryValue(ctx.query, 'Signature')!,
    expires,
    resourcePath,
    true,
  );
  return result(identity, opts.now, sig, opts);
}
