import type { IncomingHttpHeaders } from 'node:http';
import { BucketConfigStore } from '../engine/bucket-config-store.js';
import { isCode } from '../engine/errors.js';
import { header } from '../http/context.js';
import { ApiError } from '../wire/errors.js';
import { emptyReply, type Reply } from '../wire/reply.js';
import type { S3Deps } from './call.js';
import { type CorsRule, corsRules } from './config/cors.js';

// CORS as S3 applies a bucket's rules: preflight (OPTIONS) answers without authentication;
// actual requests from an allowed origin get the same Access-Control-* headers added. A
// bucket without rules answers as MinIO answers every request: any origin its api
// cors_allow_origin allows ('*' by default) may send the S3 methods with any header, and
// reads S3's headers back.

/** S3's AllowedOrigin / AllowedHeader patterns: at most one '*', matching any run of characters. */
function wildcard(pattern: string, value: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === value;
  const head = pattern.slice(0, star);
  const tail = pattern.slice(star + 1);
  return value.length >= head.length + tail.length && value.startsWith(head) && value.endsWith(tail);
}

const headerAllowed = (rule: CorsRule, name: string): boolean =>
  rule.allowedHeaders.some((p) => wildcard(p.toLowerCase(), name.toLowerCase()));

export function matchRule(
  rules: CorsRule[],
  origin: string,
  method: string,
  requestHeaders: string[],
): CorsRule | undefined {
  return rules.find(
    (r) =>
      r.allowedOrigins.some((o) => wildcard(o, origin)) &&
      r.allowedMethods.includes(method) &&
      requestHeaders.every((h) => headerAllowed(r, h)),
  );
}

/** MinIO's CORS headers (its corsHandler): what a browser may send and read back. */
const SERVER_EXPOSED = [
  'Date',
  'ETag',
  'Server',
  'Connection',
  'Accept-Ranges',
  'Content-Range',
  'Content-Encoding',
  'Content-Length',
  'Content-Type',
  'Content-Disposition',
  'Last-Modified',
  'Content-Language',
  'Cache-Control',
  'Retry-After',
  'X-Amz-Bucket-Region',
  'Expires',
  'X-Amz*',
  'x-amz*',
  '*',
];

/** The rule the server applies where a bucket has none; undefined when no origin is allowed. */
function serverRule(deps: S3Deps): ServerRule | undefined {
  const origins = deps.corsAllowOrigins();
  if (origins.length === 0) return undefined;
  return {
    allowedOrigins: origins,
    allowedMethods: ['GET', 'PUT', 'HEAD', 'POST', 'DELETE'],
    allowedHeaders: ['*'],
    exposeHeaders: SERVER_EXPOSED,
    server: true,
  };
}

/** The server's rule names the origin it lets in, with credentials, as MinIO's does. */
type ServerRule = CorsRule & { server?: true };

function corsHeaders(rule: ServerRule, origin: string, requestHeaders: string[]): Record<string, string> {
  const any = rule.allowedOrigins.includes('*') && rule.server !== true;
  const out: Record<string, string> = {
    'Access-Control-Allow-Origin': any ? '*' : origin,
    'Access-Control-Allow-Methods': rule.allowedMethods.join(', '),
    Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
  if (!any) out['Access-Control-Allow-Credentials'] = 'true';
  if (requestHeaders.length > 0) out['Access-Control-Allow-Headers'] = requestHeaders.join(', ');
  if (rule.exposeHeaders.length > 0) out['Access-Control-Expose-Headers'] = rule.exposeHeaders.join(', ');
  if (rule.maxAgeSeconds !== undefined) out['Access-Control-Max-Age'] = String(rule.maxAgeSeconds);
  return out;
}

/** The bucket's rules; without any, the server's (none when it allows no origin). */
async function rulesOf(deps: S3Deps, bucket: string): Promise<ServerRule[]> {
  const stored = await new BucketConfigStore(deps.system).get(bucket, 'cors');
  if (stored !== undefined) return corsRules(stored);
  const server = serverRule(deps);
  return server ? [server] : [];
}

const requested = (headers: IncomingHttpHeaders): string[] =>
  (header(headers, 'access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');

const forbidden = () =>
  new ApiError(
    'AccessForbidden',
    "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
  );

export async function corsPreflight(
  deps: S3Deps,
  bucket: string,
  headers: IncomingHttpHeaders,
): Promise<Reply> {
  const origin = header(headers, 'origin');
  const method = header(headers, 'access-control-request-method');
  if (origin === undefined)
    throw new ApiError('BadRequest', 'Insufficient information. Origin request header needed.');
  if (method === undefined) {
    throw new ApiError('BadRequest', 'Invalid Access-Control-Request-Method: null');
  }
  // As S3 answers: 403 either way, so a preflight does not tell which buckets exist.
  await deps.layer.getBucketInfo(bucket).catch((err: unknown) => {
    if (isCode(err, 'NoSuchBucket')) throw new ApiError('AccessForbidden', 'CORSResponse: Bucket not found');
    throw err;
  });
  const asked = requested(headers);
  const rules = await rulesOf(deps, bucket);
  if (rules.length === 0)
    throw new ApiError('AccessForbidden', 'CORSResponse: CORS is not enabled for this bucket.');
  const rule = matchRule(rules, origin, method, asked);
  if (!rule) throw forbidden();
  return emptyReply(200, corsHeaders(rule, origin, asked));
}

/** Headers to add to an actual request's reply, when its Origin is allowed. */
export async function corsReplyHeaders(
  deps: S3Deps,
  bucket: string | undefined,
  method: string,
  headers: IncomingHttpHeaders,
): Promise<Record<string, string>> {
  const origin = header(headers, 'origin');
  if (origin === undefined) return {};
  // Requests naming no bucket (ListBuckets) have the server's rule only.
  const rules =
    bucket === undefined
      ? [serverRule(deps)].filter((r) => r !== undefined)
      : await rulesOf(deps, bucket).catch(() => []);
  const rule = matchRule(rules, origin, method, []);
  // Vary even when no rule matches: a cache must not hand this answer to another origin.
  return rule ? corsHeaders(rule, origin, []) : { Vary: 'Origin' };
}
