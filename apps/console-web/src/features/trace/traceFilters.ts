import type { TraceQuery } from '@stowage/contract';

// The Trace screen's filters (spec 002 §2.9) and the /ws/trace query they become (§7.2).

export const CALL_TYPES = ['s3', 'internal', 'storage', 'os'] as const;
export type CallType = (typeof CALL_TYPES)[number];

export interface TraceFilters {
  statusCode: string;
  method: string;
  funcName: string;
  path: string;
  /** Milliseconds, as typed: a number or '' (none). */
  threshold: number | string;
  all: boolean;
  calls: Record<CallType, boolean>;
  onlyErrors: boolean;
}

/** S3 calls alone, every error and success, no threshold (spec 002 §2.9: S3 on by default). */
export const DEFAULT_TRACE_FILTERS: TraceFilters = {
  statusCode: '',
  method: '',
  funcName: '',
  path: '',
  threshold: 0,
  all: false,
  calls: { s3: true, internal: false, storage: false, os: false },
  onlyErrors: false,
};

export type TraceFilterError = 'statusCodeInvalid' | 'thresholdInvalid' | 'callsNeeded';

/** What keeps Start disabled, field by field; empty when the filters can be sent. */
export function traceFilterErrors(
  f: TraceFilters,
): Partial<Record<'statusCode' | 'threshold' | 'calls', TraceFilterError>> {
  const errors: Partial<Record<'statusCode' | 'threshold' | 'calls', TraceFilterError>> = {};
  if (f.statusCode.trim() !== '' && !/^[1-5]\d\d$/.test(f.statusCode.trim()))
    errors.statusCode = 'statusCodeInvalid';
  // Spec 002 §5: the response threshold is a number, minimum 0 (whole milliseconds on the wire).
  if (
    f.threshold !== '' &&
    !(typeof f.threshold === 'number' && Number.isInteger(f.threshold) && f.threshold >= 0)
  )
    errors.threshold = 'thresholdInvalid';
  if (!f.all && !CALL_TYPES.some((c) => f.calls[c])) errors.calls = 'callsNeeded';
  return errors;
}

/** The socket's query (§7.2 calls, threshold, onlyErrors yes/no, statusCode, method, funcname, path). */
export function traceSocketQuery(f: TraceFilters): Record<keyof TraceQuery, string> {
  return {
    calls: f.all ? 'all' : CALL_TYPES.filter((c) => f.calls[c]).join(','),
    threshold: String(f.threshold === '' ? 0 : f.threshold),
    onlyErrors: f.onlyErrors ? 'yes' : 'no',
    statusCode: f.statusCode.trim(),
    method: f.method.trim().toUpperCase(),
    funcname: f.funcName.trim(),
    path: f.path.trim(),
  };
}
