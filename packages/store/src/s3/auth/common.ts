import { isUtf8 } from 'node:buffer';
import { canonicalHeaders, canonicalQuery, goCanonicalQuery, type Scope } from '@stowage/madmin';
import { sameSecret } from '../../crypto/same-secret.js';
import type { QueryPairs, RequestContext } from '../../http/context.js';
import type { Identity } from '../../iam/credentials.js';
import { ApiError } from '../../wire/errors.js';

/** Finds the identity behind an access key (root, temporary, later IAM users). */
export type CredentialLookup = (accessKey: string) => Identity | undefined;

/**
 * Slows down secret guessing through signatures (sts/signer-guards.ts): every signer is
 * admitted before its signature is checked (503 SlowDown while held back), and every
 * signature that does not match, or access key that does not exist, is reported to the guard,
 * which decides what counts. All
 * verifications (S3 header and presigned, V2, POST forms, admin, STS) pass through
 * identify() and signatureMismatch(), so none escapes the counting.
 */
export interface SignerGuard {
  /** Throws (SlowDown) when this signer may not try now. `identity`: undefined for an unknown key. */
  admit(client: string, accessKey: string, identity: Identity | undefined): void;
  /** A failure, SignatureDoesNotMatch or InvalidAccessKeyId (`identity` undefined), to count or not. */
  failed(client: string, accessKey: string, identity: Identity | undefined, err: ApiError): void;
}

export interface AuthOptions {
  service: 's3' | 'sts';
  /**
   * The configured region; undefined or empty accepts any (admin routes, and a store with no
   * region set). An empty scope region is always accepted.
   */
  region?: string;
  lookup: CredentialLookup;
  now: Date;
  /** The client's address (RequestContext.client), as failures are counted against it. */
  client: string;
  guard: SignerGuard;
}

/** A verified request: who signed it and what the body must hash to. */
export interface AuthResult {
  identity: Identity;
  payloadHash: string;
  scope: Scope;
  amzDate: string;
  /** Seed for aws-chunked signed payloads. */
  signature: string;
}

export const MAX_SKEW_MS = 15 * 60 * 1000;
/** How far ahead a presigned URL may run, either signature version: a week, as S3 allows. */
export const MAX_PRESIGNED_MS = 7 * 24 * 3600 * 1000;

// Requests signed in the same second carry the same date: the last one parsed is kept.
let lastAmzDate = '';
let lastParsed: Date | undefined;

/** Parses YYYYMMDDTHHMMSSZ; undefined if malformed. */
export function parseAmzDate(v: string): Date | undefined {
  if (v === lastAmzDate) return lastParsed && new Date(lastParsed.getTime());
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (Number.isNaN(date.getTime())) return undefined;
  lastAmzDate = v;
  lastParsed = date;
  return new Date(date.getTime());
}

/** Old S3 clients (s3cmd's default) name us-east-1 "US", as MinIO accepts. */
export const sameRegion = (a: string, b: string): boolean => {
  const norm = (r: string) => (r === 'US' ? 'us-east-1' : r);
  return norm(a) === norm(b);
};

export function checkScope(
  scope: Scope,
  date: string,
  opts: AuthOptions,
  malformed: 'AuthorizationHeaderMalformed' | 'AccessDenied',
): void {
  if (scope.service !== opts.service) {
    throw new ApiError(
      malformed,
      `The authorization header is malformed; incorrect service '${scope.service}'. This endpoint belongs to '${opts.service}'.`,
    );
  }
  if (opts.region && scope.region !== '' && sameRegion(scope.region, opts.region) === false) {
    throw new ApiError(
      malformed,
      `The authorization header is malformed; the region '${scope.region}' is wrong; expecting '${opts.region}'`,
    );
  }
  if (scope.date !== date.slice(0, 8)) {
    throw new ApiError(
      malformed,
      'The authorization header is malformed; the credential date does not match the request date.',
    );
  }
}

/**
 * Access key → identity, with the session-token rules for temporary credentials. The signer
 * is admitted by the guard first (SlowDown while held back); an unknown key is counted.
 */
export function identify(accessKey: string, token: string | undefined, opts: AuthOptions): Identity {
  const identity = opts.lookup(accessKey);
  opts.guard.admit(opts.client, accessKey, identity);
  if (!identity) {
    const err = new ApiError('InvalidAccessKeyId');
    opts.guard.failed(opts.client, accessKey, undefined, err);
    throw err;
  }
  if (identity.kind === 'temporary') {
    if (token === undefined || !sameSecret(identity.sessionToken ?? '', token))
      throw new ApiError('InvalidTokenId');
    if (identity.expiration && identity.expiration <= opts.now) throw new ApiError('ExpiredToken');
  } else if (token !== undefined && token !== '') {
    // A token sent with long-term credentials is an error too (MinIO).
    throw new ApiError('InvalidTokenId');
  }
  return identity;
}

/**
 * The signed headers' values as received, each name's repeats in order, so that they join
 * with ',' as SigV4 specifies (not Node's ', '). Read from the raw headers: only the few
 * signed names are gathered.
 */
const NOT_SIGNED = 'There were headers present in the request which were not signed';

/**
 * Host (it names the bucket in virtual-host style) and every x-amz-* header sent must be
 * signed, as S3 requires: unsigned, one would turn a presigned PUT into a copy of anything
 * the signer may read, or set tags, keys or metadata the signer never chose. The payload
 * hash (x-amz-content-sha256) is exempt: the canonical request carries it anyway.
 */
export function assertHeadersSigned(ctx: RequestContext, signed: readonly string[]): void {
  if (!signed.includes('host')) throw new ApiError('AccessDenied', NOT_SIGNED);
  for (const name of Object.keys(ctx.headers))
    if (name.startsWith('x-amz-') && name !== 'x-amz-content-sha256' && !signed.includes(name))
      throw new ApiError('AccessDenied', NOT_SIGNED);
  // A signed header the request lacks is refused as MinIO refuses it (extractSignedHeaders):
  // only those a client or proxy may legitimately drop or rewrite are let through.
  for (const name of signed)
    if (!Object.hasOwn(ctx.headers, name) && !MAY_BE_ABSENT.has(name) && !ctx.query.some(([k]) => k === name))
      throw new ApiError('AccessDenied', NOT_SIGNED);
}

const MAY_BE_ABSENT = new Set(['host', 'expect', 'transfer-encoding', 'content-length']);

/**
 * The values of the signed headers, as the request sent them. A signed header the request
 * lacks is taken from the query parameter of that name, as MinIO's extractSignedHeaders
 * does: some presigners sign a header and send it in the URL.
 */
export function signingHeaders(
  ctx: RequestContext,
  signed: readonly string[],
): Record<string, string[] | undefined> {
  const out: Record<string, string[] | undefined> = Object.create(null);
  for (const name of signed) out[name.toLowerCase()] = undefined;
  const raw = ctx.req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!(name in out)) continue;
    const values = out[name];
    if (values) values.push(raw[i + 1]!);
    else out[name] = [raw[i + 1]!];
  }
  for (const name of signed) {
    if (out[name] !== undefined || name === 'host') continue;
    const fromQuery = ctx.query.filter(([k]) => k === name).map(([, v]) => v);
    if (fromQuery.length > 0) out[name] = fromQuery;
  }
  return out;
}

// Bytes past ASCII, and characters past Latin-1 (not a header's bytes: a query's text).
const NON_ASCII = /[\x80-\xff]/;
const WIDE = /[\u0100-\uffff]/;

/** A header value read as the UTF-8 text its bytes spell, when they are UTF-8. */
function utf8Reading(value: string): string {
  if (!NON_ASCII.test(value) || WIDE.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : value;
}

/**
 * The canonical headers a client may have signed. Node reads header bytes as Latin-1: a
 * client that sent UTF-8 (the AWS SDKs, Go clients) signed the text those bytes spell, one
 * that sent Latin-1 signed each byte as its own character. When a value has bytes past ASCII
 * that are valid UTF-8, both readings are offered, the UTF-8 one first.
 */
export function canonicalHeaderReadings(ctx: RequestContext, signed: readonly string[]): string[] {
  const values = signingHeaders(ctx, signed);
  const asSent = canonicalHeaders(values, signed);
  if (!NON_ASCII.test(asSent)) return [asSent];
  const decoded: Record<string, string[] | undefined> = Object.create(null);
  for (const [name, list] of Object.entries(values)) decoded[name] = list?.map(utf8Reading);
  const asText = canonicalHeaders(decoded, signed);
  return asText === asSent ? [asSent] : [asText, asSent];
}

/** A signature that does not match `identity`'s secret: counted by the guard, to be thrown. */
export function signatureMismatch(opts: AuthOptions, identity: Identity): ApiError {
  const err = new ApiError('SignatureDoesNotMatch');
  opts.guard.failed(opts.client, identity.accessKey, identity, err);
  return err;
}

/**
 * Checks `given` against the signature `sign` makes of the canonical request with a query
 * string and headers: SigV4's query order first, then, when it differs (a repeated or
 * non-ASCII name), the order Go's url.Values gives, which MinIO and minio-go sign with; each
 * with every reading of the headers (canonicalHeaderReadings). The signature that matched
 * (the seed of an aws-chunked body); a mismatch is counted against the signer once.
 */
export function verifySignature(
  given: string,
  query: QueryPairs,
  headerReadings: readonly string[],
  sign: (canonicalQuery: string, canonicalHeaders: string) => string,
  signer: { opts: AuthOptions; identity: Identity },
): string {
  const spec = canonicalQuery(query);
  let go: string | undefined; // worked out only when the usual order fails
  for (const headers of headerReadings) {
    const expected = sign(spec, headers);
    if (sameSecret(expected, given)) return expected;
    go ??= goCanonicalQuery(query);
    if (go === spec) continue;
    const alternative = sign(go, headers);
    if (sameSecret(alternative, given)) return alternative;
  }
  throw signatureMismatch(signer.opts, signer.identity);
}
