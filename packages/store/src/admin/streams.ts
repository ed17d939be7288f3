import { parseDuration } from '../config/duration.js';
import type { HttpTrace } from '../observe/bus.js';
import { type LogEntry, type LogLevel, minioLogEntry } from '../observe/logger.js';
import type { OpTrace } from '../observe/op-trace.js';
import { ApiError } from '../wire/errors.js';

// What the admin API's trace and console-log streams carry (madmin-protocol.md §3.8).

/** A Go duration ("500ms", "1m30s", "0s") in nanoseconds. */
export function parseGoDuration(text: string): number {
  if (text === '') throw new ApiError('InvalidArgument', 'empty duration');
  const ms = parseDuration(text);
  if (ms === undefined) throw new ApiError('InvalidArgument', `invalid duration '${text}'`);
  return ms * 1e6;
}

export interface TraceFilter {
  /** HTTP entries at all (s3=true or all=true). */
  http: boolean;
  /** Requests to /minio/... (admin, health). */
  internal: boolean;
  /** Drive calls (madmin TraceStorage). */
  storage: boolean;
  /** File-system calls (madmin TraceOS). */
  os: boolean;
  errorsOnly: boolean;
  thresholdNs: number;
}

/** madmin's TraceType bits. */
const TRACE_TYPE = { os: 1, storage: 2, http: 4 } as const;

/** madmin.TraceInfo for one request or call, or undefined when the filter drops it. */
export function traceInfo(t: HttpTrace | OpTrace, filter: TraceFilter, node: string): unknown {
  if ('kind' in t) return opTraceInfo(t, filter, node);
  if (!filter.http) return undefined;
  if (!filter.internal && t.path.startsWith('/minio/')) return undefined;
  if (filter.errorsOnly && t.status < 400) return undefined;
  if (t.durationNs < filter.thresholdNs) return undefined;
  const end = new Date(t.time.getTime() + Math.round(t.durationNs / 1e6)).toISOString();
  return {
    type: TRACE_TYPE.http,
    nodename: node,
    funcname: t.api,
    time: t.time.toISOString(),
    path: t.path,
    dur: t.durationNs,
    http: {
      request: {
        time: t.time.toISOString(),
        proto: 'HTTP/1.1',
        method: t.method,
        path: t.path,
        rawquery: t.rawQuery,
        headers: t.headers,
        client: t.client,
      },
      response: { time: end, headers: t.responseHeaders, statuscode: t.status },
      stats: {
        inputbytes: t.inputBytes,
        outputbytes: t.outputBytes,
        latency: t.durationNs,
        timetofirstbyte: t.ttfbNs,
      },
    },
  };
}

/** A storage or os call: no HTTP part; failed calls carry their error. */
function opTraceInfo(t: OpTrace, filter: TraceFilter, node: string): unknown {
  if (!filter[t.kind]) return undefined;
  if (filter.errorsOnly && t.error === undefined) return undefined;
  if (t.durationNs < filter.thresholdNs) return undefined;
  return {
    type: TRACE_TYPE[t.kind],
    nodename: node,
    funcname: t.func,
    time: t.time.toISOString(),
    path: t.path,
    dur: t.durationNs,
    ...(t.error === undefined ? {} : { error: t.error }),
  };
}

/**
 * Which entries a console-log reader asked for (the query's logType): madmin 2's kinds
 * (every entry here is of kind MINIO; none APPLICATION) or madmin 3's levels (none is an
 * EVENT). Anything else, like nothing, is all of them, as MinIO takes an unknown kind.
 */
export function logTypeFilter(logType: string): (e: LogEntry) => boolean {
  const kind = logType.toUpperCase();
  if (kind === 'APPLICATION' || kind === 'EVENT') return () => false;
  if ((LOG_LEVELS as readonly string[]).includes(kind)) return (e) => e.level === kind;
  return () => true;
}

const LOG_LEVELS: readonly LogLevel[] = ['INFO', 'WARNING', 'ERROR', 'FATAL'];

/** madmin.LogInfo (MinIO's log.Entry with the node) for one entry. */
export function logInfo(e: LogEntry, node: string, deploymentId: string): unknown {
  return { deploymentid: deploymentId, ...minioLogEntry(e), ConsoleMsg: e.message, node };
}
