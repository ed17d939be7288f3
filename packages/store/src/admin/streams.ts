import { Readable } from 'node:stream';
import type { Reply } from '../http/reply.js';
import type { Bus, HttpTrace, LogEvent } from '../observe/bus.js';
import { ApiError } from '../s3/errors.js';

// The admin API's live streams (madmin-protocol.md §3.8): newline-delimited JSON labelled
// text/event-stream, a single space as keep-alive while idle, no end until the client goes.

const KEEP_ALIVE_MS = 500;
/** Past this much unread output, events are dropped for that client. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** A stream of JSON lines fed by a bus; `first` goes out before live events. */
export function eventStream<T>(
  bus: Bus<T>,
  render: (event: T) => unknown | undefined,
  first: readonly T[] = [],
): Readable {
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  const stream = new Readable({
    read() {},
    destroy(err, done) {
      unsubscribe();
      clearInterval(timer);
      done(err);
    },
  });
  const send = (event: T) => {
    const value = render(event);
    if (value === undefined) return;
    // A client that stops reading loses events rather than growing the server's memory.
    if (stream.readableLength > MAX_BUFFERED_BYTES) return;
    stream.push(`${JSON.stringify(value)}\n`);
  };
  // Headers go out at once (madmin waits at most 60 s for them).
  stream.push(' ');
  for (const event of first) send(event);
  unsubscribe = bus.subscribe(send);
  timer = setInterval(() => stream.push(' '), KEEP_ALIVE_MS);
  timer.unref();
  return stream;
}

export const streamReply = (body: Readable, extra: Record<string, string> = {}): Reply => ({
  status: 200,
  headers: {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    ...extra,
  },
  body: { type: 'stream', value: body },
});

const UNITS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** A Go duration ("500ms", "1m30s", "0s") in nanoseconds. */
export function parseGoDuration(text: string): number {
  if (text === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new ApiError('InvalidArgument', `invalid duration '${text}'`);
    total += Number(m[1]) * UNITS[m[2]!]!;
    at = re.lastIndex;
  }
  if (text === '') throw new ApiError('InvalidArgument', 'empty duration');
  return total;
}

export interface TraceFilter {
  /** HTTP entries at all (s3=true or all=true). */
  http: boolean;
  /** Requests to /minio/... (admin, health). */
  internal: boolean;
  errorsOnly: boolean;
  thresholdNs: number;
}

/** madmin.TraceInfo for one request, or undefined when the filter drops it. */
export function traceInfo(t: HttpTrace, filter: TraceFilter, node: string): unknown {
  if (!filter.http) return undefined;
  if (!filter.internal && t.path.startsWith('/minio/')) return undefined;
  if (filter.errorsOnly && t.status < 400) return undefined;
  if (t.durationNs < filter.thresholdNs) return undefined;
  const end = new Date(t.time.getTime() + Math.round(t.durationNs / 1e6)).toISOString();
  return {
    type: 4,
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
        timetofirstbyte: t.durationNs,
      },
    },
  };
}

/** madmin.LogInfo for one log line. */
export function logInfo(e: LogEvent, node: string, deploymentId: string): unknown {
  return {
    deploymentid: deploymentId,
    level: e.level,
    errKind: 'MINIO',
    time: e.time.toISOString(),
    message: e.message,
    ConsoleMsg: e.message,
    node,
  };
}
