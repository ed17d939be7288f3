import type { IncomingHttpHeaders } from 'node:http';
import type { RetentionInfo } from '../engine/object-layer.js';
import { header, type QueryPairs, type RequestContext } from '../http/context.js';
import type { Identity } from '../iam/credentials.js';
import type { Tag } from './config/tagging.js';
import { parseCopySource } from './request/params.js';
import { parseTagQuery } from './request/tagging.js';

// The condition keys a request supplies to policy evaluation, as AWS and MinIO fill them.
// A key is present only when the request gives it: `Null` and `…IfExists` tell an absent key
// from an empty one, so nothing here defaults to "".

/** How a request was signed, for s3:authType, s3:signatureversion and s3:signatureAge. */
export interface SignatureFacts {
  type: 'REST-HEADER' | 'REST-QUERY-STRING' | 'POST';
  /** The signing time the request states (X-Amz-Date). */
  signedAt: Date;
  /** The payload hash the signature covers (UNSIGNED-PAYLOAD for presigned and POST). */
  payloadHash: string;
  /** Signature Version 2 ("AWS"); absent for SigV4. */
  version?: 'AWS';
}

const signatures = new WeakMap<RequestContext, SignatureFacts>();

/** Records how the request was signed, once its signature checked out. */
export function noteSignature(ctx: RequestContext, facts: SignatureFacts): void {
  signatures.set(ctx, facts);
}

/** Condition keys every request carries (AWS global keys, and how it was signed). */
export function globalConditions(
  ctx: RequestContext,
  identity: Identity | undefined,
  now: Date,
): Record<string, string[]> {
  const signature = identity ? signatures.get(ctx) : undefined;
  const out: Record<string, string[]> = {
    'aws:SourceIp': [ctx.client],
    'aws:SecureTransport': [String('encrypted' in ctx.req.socket && ctx.req.socket.encrypted === true)],
    'aws:CurrentTime': [now.toISOString()],
    'aws:EpochTime': [String(Math.floor(now.getTime() / 1000))],
    'aws:principaltype': [
      identity
        ? identity.kind === 'root'
          ? 'Account'
          : identity.kind === 'user'
            ? 'User'
            : 'AssumedRole'
        : 'Anonymous',
    ],
  };
  const agent = header(ctx.headers, 'user-agent');
  if (agent !== undefined) out['aws:UserAgent'] = [agent];
  const referer = header(ctx.headers, 'referer');
  if (referer !== undefined) out['aws:Referer'] = [referer];
  if (identity) {
    out['aws:username'] = [identity.parent];
    out['aws:userid'] = [identity.parent];
    Object.assign(out, externalUserConditions(identity));
  }
  if (signature) {
    out['s3:authType'] = [signature.type];
    out['s3:signatureversion'] = [signature.version ?? 'AWS4-HMAC-SHA256'];
    // Signature V2 states no signing time a URL's age could be told from (as MinIO has it).
    if (signature.version !== 'AWS')
      out['s3:signatureAge'] = [String(Math.max(0, now.getTime() - signature.signedAt.getTime()))];
    out['s3:x-amz-content-sha256'] = [signature.payloadHash];
  }
  return out;
}

/**
 * What an LDAP or OpenID login knows of its user, as MinIO fills it from the credential's
 * claims: the groups (aws:groups, ldap:groups), the DN (ldap:user), the login name
 * (ldap:username) and the token's subject (jwt:sub).
 */
function externalUserConditions(identity: Identity): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (identity.groups?.length) out['aws:groups'] = [...identity.groups];
  if (identity.idp === 'ldap') {
    out['ldap:user'] = [identity.parent];
    if (identity.username !== undefined) out['ldap:username'] = [identity.username];
    if (identity.groups?.length) out['ldap:groups'] = [...identity.groups];
  }
  if (identity.idp === 'openid' && identity.subject !== undefined) out['jwt:sub'] = [identity.subject];
  return out;
}

/** S3 condition keys a request's headers give (present only when the header is). */
const HEADER_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['s3:x-amz-server-side-encryption', 'x-amz-server-side-encryption'],
  ['s3:x-amz-server-side-encryption-customer-algorithm', 'x-amz-server-side-encryption-customer-algorithm'],
  ['s3:x-amz-server-side-encryption-aws-kms-key-id', 'x-amz-server-side-encryption-aws-kms-key-id'],
  ['s3:x-amz-copy-source', 'x-amz-copy-source'],
  ['s3:x-amz-metadata-directive', 'x-amz-metadata-directive'],
  ['s3:x-amz-storage-class', 'x-amz-storage-class'],
  ['s3:x-amz-acl', 'x-amz-acl'],
  ['s3:x-amz-grant-full-control', 'x-amz-grant-full-control'],
  ['s3:x-amz-grant-read', 'x-amz-grant-read'],
  ['s3:x-amz-grant-read-acp', 'x-amz-grant-read-acp'],
  ['s3:x-amz-grant-write', 'x-amz-grant-write'],
  ['s3:x-amz-grant-write-acp', 'x-amz-grant-write-acp'],
  ['s3:x-amz-website-redirect-location', 'x-amz-website-redirect-location'],
  ['s3:object-lock-mode', 'x-amz-object-lock-mode'],
  ['s3:object-lock-retain-until-date', 'x-amz-object-lock-retain-until-date'],
  ['s3:object-lock-legal-hold', 'x-amz-object-lock-legal-hold'],
];

/**
 * The copy source as policies name it (AWS's examples: `bucket/prefix/*`): the bucket and key
 * the copy reads, as the copy itself parses them. Spellings of the same source (a leading
 * slash, escapes, a `?versionId=` or any other query) must not step around a Deny that names
 * it; a header the copy would refuse is kept as sent.
 */
function copySourceValue(raw: string): string {
  try {
    const { bucket, key } = parseCopySource(raw);
    return `${bucket}/${key}`;
  } catch {
    return raw;
  }
}

/**
 * `given`: keys the access already supplies. Tags a PutObjectTagging body sets are the
 * request's tags, and an x-amz-tagging header beside it adds none of its own.
 */
export function headerConditions(
  headers: IncomingHttpHeaders,
  given?: Record<string, string[]>,
  now = new Date(),
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, name] of HEADER_KEYS) {
    const value = header(headers, name);
    if (value !== undefined) out[key] = [key === 's3:x-amz-copy-source' ? copySourceValue(value) : value];
  }
  const until = Date.parse(header(headers, 'x-amz-object-lock-retain-until-date') ?? '');
  if (!Number.isNaN(until)) Object.assign(out, remainingDays(new Date(until), now));
  const tagging = header(headers, 'x-amz-tagging');
  if (tagging !== undefined && given?.['s3:RequestObjectTagKeys'] === undefined) {
    let tags: Tag[] | undefined;
    try {
      tags = parseTagQuery(tagging);
    } catch {
      // Malformed tags are refused by the handler, with S3's message; they grant nothing here.
    }
    if (tags) Object.assign(out, requestTagConditions(tags));
  }
  return out;
}

/**
 * s3:if-match and s3:if-none-match: the conditional-write headers, which AWS defines as keys of
 * the writes that take them (PutObject, CopyObject, CompleteMultipartUpload), not of reads.
 */
export function conditionalWriteConditions(headers: IncomingHttpHeaders): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of ['if-match', 'if-none-match']) {
    const value = header(headers, name);
    if (value !== undefined) out[`s3:${name}`] = [value];
  }
  return out;
}

/** s3:RequestObjectTag/<key> and s3:RequestObjectTagKeys: the tags a request sets. */
export function requestTagConditions(tags: readonly Tag[]): Record<string, string[]> {
  const out: Record<string, string[]> = { 's3:RequestObjectTagKeys': tags.map((t) => t.key) };
  for (const t of tags) out[`s3:RequestObjectTag/${t.key}`] = [t.value];
  return out;
}

/** A listing's s3:prefix, s3:delimiter and s3:max-keys as sent (max-keys not clamped), absent when not sent. */
export function listConditions(query: QueryPairs): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  // The first value of each, as the listing itself reads them.
  for (const [name, value] of query)
    if ((name === 'prefix' || name === 'delimiter' || name === 'max-keys') && !out[`s3:${name}`])
      out[`s3:${name}`] = [value];
  return out;
}

/** s3:object-lock-remaining-retention-days: whole days left, rounded up (as MinIO counts them). */
function remainingDays(until: Date, now: Date): Record<string, string[]> {
  const days = Math.ceil((until.getTime() - now.getTime()) / 86_400_000);
  return days > 0 ? { 's3:object-lock-remaining-retention-days': [String(days)] } : {};
}

/** The s3:object-lock-* keys of the retention a PutObjectRetention body sets (none to remove it). */
export function retentionConditions(retention: RetentionInfo | null, now: Date): Record<string, string[]> {
  if (!retention) return {};
  return {
    's3:object-lock-mode': [retention.mode],
    's3:object-lock-retain-until-date': [retention.until.toISOString()],
    ...remainingDays(retention.until, now),
  };
}

/** s3:object-lock-legal-hold: the status a PutObjectLegalHold body sets. */
export function legalHoldConditions(on: boolean): Record<string, string[]> {
  return { 's3:object-lock-legal-hold': [on ? 'ON' : 'OFF'] };
}
