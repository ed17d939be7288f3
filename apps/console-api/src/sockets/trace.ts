import { STATUS_CODES } from 'node:http';
import { flagOn, type TraceFrame, type TraceQuery } from '@stowage/contract';
import type { MadminClient, TraceInfo } from '@stowage/madmin';
import { redactHeaders, redactQuery } from './redact.js';

/** The query's choice of calls, in madmin's trace flags (s3 alone by default). */
export function traceOptions(query: TraceQuery) {
  const calls = new Set((query.calls || 's3').split(','));
  const all = calls.has('all');
  return {
    s3: all || calls.has('s3'),
    internal: all || calls.has('internal'),
    storage: all || calls.has('storage'),
    os: all || calls.has('os'),
    errorsOnly: flagOn(query.onlyErrors),
    ...(query.threshold ? { threshold: `${Number(query.threshold)}ms` } : {}),
  };
}

/** '10.0.0.1:5123' -> '10.0.0.1', '[::1]:5123' -> '::1'. */
export function withoutPort(address: string): string {
  const v6 = /^\[([^\]]+)\](:\d+)?$/.exec(address);
  if (v6) return v6[1] ?? address;
  const colon = address.lastIndexOf(':');
  return colon > 0 && address.indexOf(':') === colon ? address.slice(0, colon) : address;
}

export function toTraceFrame(t: TraceInfo): TraceFrame {
  const http = t.http;
  const statusCode = http?.response.statuscode ?? 0;
  return {
    time: t.time,
    host: t.nodename,
    client: withoutPort(http?.request.client ?? ''),
    api: t.funcname,
    method: http?.request.method ?? '',
    path: http?.request.path ?? t.path,
    query: redactQuery(http?.request.rawquery ?? ''),
    statusCode,
    statusMsg: STATUS_CODES[statusCode] ?? '',
    ...(http
      ? {
          requestHeaders: redactHeaders(http.request.headers),
          responseHeaders: redactHeaders(http.response.headers),
        }
      : {}),
    callStats: {
      rx: http?.stats.inputbytes ?? 0,
      tx: http?.stats.outputbytes ?? 0,
      duration: http?.stats.latency ?? t.dur,
      timeToFirstByte: http?.stats.timetofirstbyte ?? 0,
    },
  };
}

/** The page's filters, every one that is set: exact status and method, substrings otherwise. */
export function traceFilter(query: TraceQuery): (frame: TraceFrame) => boolean {
  const contains = (value: string, part: string | undefined) =>
    !part || value.toLowerCase().includes(part.toLowerCase());
  return (f) =>
    (!query.statusCode || f.statusCode === Number(query.statusCode)) &&
    (!query.method || f.method.toUpperCase() === query.method.toUpperCase()) &&
    contains(f.api, query.funcname) &&
    contains(f.path, query.path);
}

export async function* traceFrames(
  admin: MadminClient,
  query: TraceQuery,
  signal: AbortSignal,
): AsyncGenerator<TraceFrame> {
  const keep = traceFilter(query);
  for await (const info of admin.trace({ ...traceOptions(query), signal })) {
    const frame = toTraceFrame(info);
    if (keep(frame)) yield frame;
  }
}
