import type { HealthInfo, LogInfo, TraceInfo } from '../types/streams.js';
import type { AdminTransport } from './json.js';

/** What the stream calls need of the client: a request whose body is read as it arrives. */
export interface StreamTransport extends AdminTransport {
  openStream(req: Parameters<AdminTransport['request']>[0]): Promise<ReadableStream<Uint8Array>>;
}

/**
 * The JSON values of a newline-delimited stream, skipping the single-space keep-alives;
 * ends when the server closes the stream or the signal aborts it.
 */
export async function* ndjson<T>(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read().catch((err: unknown) => {
        if (signal?.aborted) return { value: undefined, done: true as const };
        throw err;
      });
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const line = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (line !== '') yield JSON.parse(line) as T;
        nl = buffered.indexOf('\n');
      }
    }
    if (buffered.trim() !== '') yield JSON.parse(buffered) as T;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await reader.cancel().catch(() => {});
  }
}

export interface TraceOptions {
  /** HTTP requests (on by default). */
  s3?: boolean;
  /** Requests to /minio/... (admin, health) too. */
  internal?: boolean;
  /** Drive operations. */
  storage?: boolean;
  /** Operating-system calls. */
  os?: boolean;
  /** Only requests that failed (status ≥ 400). */
  errorsOnly?: boolean;
  /** Only requests slower than this Go duration, e.g. "100ms". */
  threshold?: string;
  /**
   * Called once the server has accepted the stream (its answer's headers arrived): what
   * happens from then on is in it.
   */
  onOpen?: () => void;
  signal?: AbortSignal;
}

/** GET /trace: every request the server serves, as it happens, until `signal` aborts. */
export async function* serviceTrace(t: StreamTransport, opts: TraceOptions = {}): AsyncGenerator<TraceInfo> {
  const body = await t.openStream({
    method: 'GET',
    path: '/trace',
    query: {
      s3: String(opts.s3 ?? true),
      internal: String(opts.internal ?? false),
      storage: String(opts.storage ?? false),
      os: String(opts.os ?? false),
      err: String(opts.errorsOnly ?? false),
      ...(opts.threshold ? { threshold: opts.threshold } : {}),
    },
    expectStatus: 200,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  opts.onOpen?.();
  yield* ndjson<TraceInfo>(body, opts.signal);
}

export interface LogOptions {
  /** Past lines sent first (default 10). */
  limit?: number;
  /** madmin 2's kinds, or (newer servers, and ours) one level: FATAL, WARNING, ERROR, EVENT, INFO. */
  logType?: 'ALL' | 'MINIO' | 'APPLICATION' | 'FATAL' | 'WARNING' | 'ERROR' | 'EVENT' | 'INFO';
  node?: string;
  /**
   * Called once the server has accepted the stream (its answer's headers arrived): what
   * happens from then on is in it.
   */
  onOpen?: () => void;
  signal?: AbortSignal;
}

/** GET /log: recent log lines, then live ones, until `signal` aborts. */
export async function* consoleLog(t: StreamTransport, opts: LogOptions = {}): AsyncGenerator<LogInfo> {
  const body = await t.openStream({
    method: 'GET',
    path: '/log',
    query: { node: opts.node ?? '', limit: String(opts.limit ?? 10), logType: opts.logType ?? 'ALL' },
    expectStatus: 200,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  opts.onOpen?.();
  yield* ndjson<LogInfo>(body, opts.signal);
}

/** The parts of a health report madmin asks for, each as `<type>=true`. */
export const HEALTH_TYPES = [
  'minioinfo',
  'minioconfig',
  'syscpu',
  'sysdrivehw',
  'sysdocker',
  'sysosinfo',
  'sysload',
  'sysmem',
  'sysnet',
  'sysprocess',
  'syserrors',
  'sysservices',
  'sysconfig',
] as const;

export interface HealthInfoOptions {
  /** A Go duration, e.g. "10s" (the server's default). */
  deadline?: string;
  signal?: AbortSignal;
}

/**
 * GET /healthinfo: snapshots, each a superset of the one before; the last is complete. As
 * madmin-go, an error in the first (the version check) fails the call; a later one (a
 * deadline that passed) comes with what was collected, as mc keeps it in the report.
 */
export async function* healthInfo(
  t: StreamTransport,
  opts: HealthInfoOptions = {},
): AsyncGenerator<HealthInfo> {
  const body = await t.openStream({
    method: 'GET',
    path: '/healthinfo',
    query: { deadline: opts.deadline ?? '10s', ...Object.fromEntries(HEALTH_TYPES.map((k) => [k, 'true'])) },
    expectStatus: 200,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  let first = true;
  for await (const snapshot of ndjson<HealthInfo>(body, opts.signal)) {
    if (first && snapshot.error) throw new Error(`healthinfo: ${snapshot.error}`);
    first = false;
    yield snapshot;
  }
}
