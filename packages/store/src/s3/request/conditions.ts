import type { IncomingHttpHeaders } from 'node:http';
import type { WriteCondition } from '../../engine/object-layer.js';
import { ApiError } from '../../wire/errors.js';

// Conditional request headers (RFC 9110 §13 as S3 applies them). Parsed in the router,
// evaluated against the object's ETag and modification time by the handlers.

export interface Conditions {
  ifMatch?: string[];
  ifNoneMatch?: string[];
  ifModifiedSince?: Date;
  ifUnmodifiedSince?: Date;
}

export type ConditionOutcome = 'ok' | 'not-modified' | 'failed';

function one(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/**
 * An entity-tag list. If-None-Match compares weakly, so `W/"x"` matches x; If-Match compares
 * strongly (RFC 9110 §13.1.1), where a weak tag matches nothing (MinIO alike).
 */
const etags = (v: string, weak: boolean): string[] =>
  v
    .split(',')
    .map((t) => t.trim())
    .map((t) => (t.startsWith('W/') ? (weak ? t.slice(2) : WEAK_TAG) : t).replace(/^"(.*)"$/, '$1'))
    .filter((t) => t !== '');
/** Stands for a weak tag in an If-Match list: no ETag is equal to it. */
const WEAK_TAG = '\u0000weak';

/** HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, or the obsolete RFC 850 and asctime forms. */
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
  // MinIO's one-digit day of the month.
  /^[A-Z][a-z]{2}, \d [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
];

/** An HTTP date; anything else is ignored, as RFC 9110 §13.1.4 (and MinIO) say. */
function httpDate(v: string | undefined): Date | undefined {
  const text = v?.trim();
  if (text === undefined || !HTTP_DATE.some((form) => form.test(text))) return undefined;
  const d = new Date(/GMT$/.test(text) ? text : `${text} GMT`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Reads If-* headers, or x-amz-copy-source-if-* ones when `prefix` is given. */
export function parseConditions(headers: IncomingHttpHeaders, prefix = ''): Conditions {
  const out: Conditions = {};
  const match = one(headers, `${prefix}if-match`);
  const noneMatch = one(headers, `${prefix}if-none-match`);
  const modified = httpDate(one(headers, `${prefix}if-modified-since`));
  const unmodified = httpDate(one(headers, `${prefix}if-unmodified-since`));
  if (match !== undefined) out.ifMatch = etags(match, false);
  if (noneMatch !== undefined) out.ifNoneMatch = etags(noneMatch, true);
  if (modified) out.ifModifiedSince = modified;
  if (unmodified) out.ifUnmodifiedSince = unmodified;
  return out;
}

/** If-Match / If-None-Match on a write (PUT, copy, complete); If-None-Match takes only '*'. */
export function parseWriteCondition(headers: IncomingHttpHeaders): WriteCondition | undefined {
  const match = one(headers, 'if-match');
  const noneMatch = one(headers, 'if-none-match');
  if (match === undefined && noneMatch === undefined) return undefined;
  const out: WriteCondition = {};
  if (noneMatch !== undefined) {
    if (noneMatch.trim() !== '*')
      throw new ApiError('NotImplemented', 'If-None-Match on a write takes only the value *');
    out.ifNoneMatch = true;
  }
  if (match !== undefined) out.ifMatch = etags(match, false);
  return out;
}

const matches = (list: string[], etag: string): boolean => list.some((t) => t === '*' || t === etag);
// HTTP dates have whole seconds; compare the object's time at that precision.
const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/**
 * AWS precedence: a true If-Match makes If-Unmodified-Since irrelevant, and a present
 * If-None-Match makes If-Modified-Since irrelevant; 412 conditions are checked first.
 */
export function evaluateConditions(c: Conditions, etag: string, modTime: Date): ConditionOutcome {
  if (c.ifMatch !== undefined) {
    if (!matches(c.ifMatch, etag)) return 'failed';
  } else if (c.ifUnmodifiedSince && seconds(modTime) > seconds(c.ifUnmodifiedSince)) {
    return 'failed';
  }
  if (c.ifNoneMatch !== undefined) {
    if (matches(c.ifNoneMatch, etag)) return 'not-modified';
  } else if (c.ifModifiedSince && seconds(modTime) <= seconds(c.ifModifiedSince)) {
    return 'not-modified';
  }
  return 'ok';
}

export const hasConditions = (c: Conditions): boolean => Object.keys(c).length > 0;
