import type { IncomingHttpHeaders } from 'node:http';
import type { WriteCondition } from '../../engine/object-layer.js';
import { ApiError } from '../errors.js';

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

const etags = (v: string): string[] =>
  v
    .split(',')
    .map((t) =>
      t
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((t) => t !== '');

/** An HTTP date; unparsable dates are ignored, as S3 does. */
function httpDate(v: string | undefined): Date | undefined {
  if (v === undefined) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Reads If-* headers, or x-amz-copy-source-if-* ones when `prefix` is given. */
export function parseConditions(headers: IncomingHttpHeaders, prefix = ''): Conditions {
  const out: Conditions = {};
  const match = one(headers, `${prefix}if-match`);
  const noneMatch = one(headers, `${prefix}if-none-match`);
  const modified = httpDate(one(headers, `${prefix}if-modified-since`));
  const unmodified = httpDate(one(headers, `${prefix}if-unmodified-since`));
  if (match !== undefined) out.ifMatch = etags(match);
  if (noneMatch !== undefined) out.ifNoneMatch = etags(noneMatch);
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
  if (match !== undefined) out.ifMatch = etags(match);
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
