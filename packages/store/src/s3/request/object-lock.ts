import type { ObjectInfo, RetentionInfo } from '../../engine/object-layer.js';
import { versionLocked } from '../../engine/version-lock.js';
import { ApiError } from '../../wire/errors.js';
import { parseRequestXml, textOf } from '../../wire/xml-parse.js';
import type { ObjectLockValue } from '../config/object-lock.js';

// Object lock (WORM) rules, as MinIO applies them: retention and legal hold on new
// versions, and which deletes and retention changes a lock forbids. Pure: `now` is passed.

type Headers = Record<string, string | string[] | undefined>;
const one = (h: Headers, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

// AWS's answer (403) to removing a locked version or weakening its retention; MinIO says
// InvalidRequest (400), which s3-tests' clean-up reads as a failure and so leaves held
// versions behind.
const locked = () => new ApiError('AccessDenied', 'Access Denied because object protected by object lock.');
const noLockConfig = () => new ApiError('InvalidRequest', 'Bucket is missing Object Lock Configuration.');

function parseMode(raw: string): RetentionInfo['mode'] {
  if (raw !== 'GOVERNANCE' && raw !== 'COMPLIANCE')
    throw new ApiError('InvalidArgument', 'Unknown wormMode directive.');
  return raw;
}

// RFC 3339, as MinIO parses it: a date, a time and a zone (a date alone, or no zone, would
// be read in the server's own time zone).
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

function parseUntil(raw: string, now: Date): Date {
  const m = RFC3339.exec(raw);
  const until = new Date(raw);
  // The calendar date as written must exist: 2099-02-30 is no date, not 2 March.
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (
    !m ||
    Number.isNaN(until.getTime()) ||
    day.getUTCFullYear() !== y ||
    day.getUTCMonth() !== mo - 1 ||
    day.getUTCDate() !== d
  )
    throw new ApiError('InvalidRequest', 'Date must be provided in ISO 8601 format');
  if (until.getTime() <= now.getTime())
    throw new ApiError('InvalidRequest', 'the retain until date must be in the future.');
  return until;
}

function parseHold(raw: string): boolean {
  if (raw !== 'ON' && raw !== 'OFF')
    throw new ApiError('InvalidArgument', "Legal Hold must be either of 'ON' or 'OFF'");
  return raw === 'ON';
}

export interface LockRequest {
  retention?: RetentionInfo;
  legalHold?: boolean;
}

/**
 * The retention and legal hold a new version gets: from its x-amz-object-lock-* headers,
 * else the bucket's default retention. Lock headers need a bucket with object lock.
 */
export function lockForNewVersion(
  headers: Headers,
  lock: ObjectLockValue | undefined,
  now: Date,
): LockRequest {
  const mode = one(headers, 'x-amz-object-lock-mode');
  const until = one(headers, 'x-amz-object-lock-retain-until-date');
  const hold = one(headers, 'x-amz-object-lock-legal-hold');
  if (mode === undefined && until === undefined && hold === undefined)
    return lock ? defaultRetention(lock, now) : {};
  if (!lock) throw noLockConfig();
  if ((mode === undefined) !== (until === undefined))
    throw new ApiError(
      'InvalidRequest',
      'x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied.',
    );
  const out: LockRequest =
    mode !== undefined && until !== undefined
      ? { retention: { mode: parseMode(mode), until: parseUntil(until, now) } }
      : defaultRetention(lock, now);
  if (hold !== undefined) out.legalHold = parseHold(hold);
  return out;
}

/** The bucket's default retention, counted from now (a day is 24 hours, a year 365 days). */
export function defaultRetention(lock: ObjectLockValue, now: Date): LockRequest {
  const rule = lock.rule;
  if (!rule) return {};
  const days = rule.days ?? (rule.years ?? 0) * 365;
  return { retention: { mode: rule.mode, until: new Date(now.getTime() + days * 86_400_000) } };
}

/** x-amz-bypass-governance-retention: true. */
export const bypassRequested = (headers: Headers): boolean =>
  one(headers, 'x-amz-bypass-governance-retention')?.toLowerCase() === 'true';

/**
 * Refuses removing a version for good while it is locked: a legal hold or compliance
 * retention always; governance retention unless the request bypasses it.
 */
export function guardVersionDelete(info: ObjectInfo, bypass: boolean, now: Date): void {
  if (versionLocked(info, bypass, now)) throw locked();
}

/** A <Retention> document: mode and date together, or neither (removing retention). */
export function parseRetentionXml(body: Buffer, now: Date): RetentionInfo | null {
  const doc = parseRequestXml(body, 'Retention');
  const mode = textOf(doc, 'Mode');
  const until = textOf(doc, 'RetainUntilDate');
  if (mode === undefined && until === undefined) return null;
  if (mode === undefined || until === undefined) throw new ApiError('MalformedXML');
  // In a document a mode S3 does not know breaks its schema (a header's is InvalidArgument).
  if (mode !== 'GOVERNANCE' && mode !== 'COMPLIANCE') throw new ApiError('MalformedXML');
  return { mode, until: parseUntil(until, now) };
}

/**
 * Whether a retention change is allowed: compliance can only be extended; governance can
 * be extended, and shortened, removed or changed only with the bypass.
 */
export function guardRetentionChange(
  current: RetentionInfo | undefined,
  next: RetentionInfo | null,
  bypass: boolean,
  now: Date,
): void {
  if (!current || current.until.getTime() <= now.getTime()) return;
  const extends_ =
    next !== null && next.mode === current.mode && next.until.getTime() >= current.until.getTime();
  if (extends_) return;
  if (current.mode === 'COMPLIANCE' || !bypass) throw locked();
}

export function parseLegalHoldXml(body: Buffer): boolean {
  const doc = parseRequestXml(body, 'LegalHold');
  const status = textOf(doc, 'Status');
  if (status !== 'ON' && status !== 'OFF') throw new ApiError('MalformedXML');
  return status === 'ON';
}

export { noLockConfig };
