import { fileURLToPath } from 'node:url';

// The store's structured log. Every entry states its level (MinIO's names) and, when a
// request caused it, that request (MinIO's ReqInfo); errors carry where they came from
// (MinIO's error.source). Entries are objects all the way to their readers (the console-log
// stream, logger targets, the CLI): nothing is parsed back from text.

export type LogLevel = 'INFO' | 'WARNING' | 'ERROR' | 'FATAL';

/** The request an entry arose in, as MinIO's log entries name it. */
export interface RequestInfo {
  /** The API as MinIO names it: "GetObject", "ServerInfo". */
  api: string;
  requestId: string;
  /** The client's address. */
  remoteHost: string;
  /** The Host the request was sent to. */
  host: string;
  userAgent: string;
  bucket?: string;
  object?: string;
}

export interface LogEntry {
  time: Date;
  level: LogLevel;
  message: string;
  request?: RequestInfo;
  /** What failed: its message and where (file:line:function() frames, innermost first). */
  error?: { message: string; source: string[] };
}

export interface LogFields {
  /** The error behind the entry: its message and stack become the entry's error. */
  err?: unknown;
}

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  fatal(message: string, fields?: LogFields): void;
  /** The same log, its entries naming the request they arose in. */
  forRequest(request: RequestInfo): Logger;
}

export type LogSink = (entry: LogEntry) => void;

type Caller = (...args: never[]) => unknown;

/** A logger whose entries go to `sink`; `now` is the clock they are stamped with. */
export function createLogger(sink: LogSink, now: () => Date = () => new Date()): Logger {
  const make = (request: RequestInfo | undefined): Logger => {
    const write = (level: LogLevel, message: string, fields: LogFields | undefined, caller: Caller) => {
      const entry: LogEntry = { time: now(), level, message: redactSecrets(message) };
      if (request) entry.request = request;
      const error = fields?.err === undefined ? undefined : describeError(fields.err);
      // Errors say where they were raised; an error entry with no error object says who logged it.
      if (error) entry.error = error;
      else if (level === 'ERROR' || level === 'FATAL')
        entry.error = { message: entry.message, source: callerSource(caller) };
      sink(entry);
    };
    const logger: Logger = {
      info: (m, f) => write('INFO', m, f, logger.info),
      warn: (m, f) => write('WARNING', m, f, logger.warn),
      error: (m, f) => write('ERROR', m, f, logger.error),
      fatal: (m, f) => write('FATAL', m, f, logger.fatal),
      forRequest: (r) => make(r),
    };
    return logger;
  };
  return make(undefined);
}

/** Logs nowhere: for parts of the store run on their own (tests, tools). */
export const silentLogger: Logger = createLogger(() => {});

/** A logger handing each entry's message to `line` (the level is the caller's concern). */
export const messageLogger = (line: (message: string) => void): Logger =>
  createLogger((e) => line(e.message));

// A URL's password (scheme://user:password@host) and a presigned URL's signature or session
// token would let a log reader in: errors from clients of targets and remotes may quote them.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;
const SIGNED_QUERY = /\b(X-Amz-Signature|X-Amz-Security-Token|X-Amz-Credential|Signature)=[^&\s"']+/gi;
// A key=value connection string's password (PostgreSQL's "host=db password=...").
const KEY_VALUE_PASSWORD = /\b(password|passwd|pwd)=('[^']*'|[^\s&'"]+)/gi;

export function redactSecrets(text: string): string {
  return text
    .replace(URL_PASSWORD, '$1*REDACTED*@')
    .replace(SIGNED_QUERY, '$1=*REDACTED*')
    .replace(KEY_VALUE_PASSWORD, '$1=*REDACTED*');
}

const MAX_FRAMES = 16;

/** An error's message (with its type, as MinIO's "%v (%T)") and stack frames. */
function describeError(err: unknown): { message: string; source: string[] } {
  if (!(err instanceof Error)) return { message: redactSecrets(String(err)), source: [] };
  const type = err.name && err.name !== 'Error' ? ` (${err.name})` : '';
  return { message: redactSecrets(`${err.message}${type}`), source: stackSource(err.stack ?? '') };
}

function callerSource(caller: Caller): string[] {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, caller);
  return stackSource(holder.stack ?? '');
}

// Frames name files from the repository's root, as MinIO's name them from its module's.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** V8 stack lines as MinIO's source frames: "file:line:function()". */
export function stackSource(stack: string): string[] {
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const m = /^\s+at (?:(?:async )?(.+?) \()?(.+?):(\d+):\d+\)?$/.exec(line);
    if (!m) continue;
    let file = m[2]!.replace(/^file:\/\//, '');
    if (file.startsWith(ROOT)) file = file.slice(ROOT.length);
    frames.push(`${file}:${m[3]}:${m[1] ?? '<anonymous>'}()`);
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}

/** One entry as a person reads it: the CLI's line (and indented source frames for errors). */
export function formatLogLine(e: LogEntry): string {
  const r = e.request;
  const where = r
    ? ` (API: ${r.api}${r.bucket ? ` ${r.bucket}${r.object ? `/${r.object}` : ''}` : ''}, RequestID: ${r.requestId}, RemoteHost: ${r.remoteHost}, UserAgent: ${r.userAgent || '-'})`
    : '';
  const head = `${e.level === 'INFO' ? '' : `${e.level}: `}${e.message}${where}`;
  if (!e.error) return head;
  const cause = e.error.message === e.message ? '' : `\n  Error: ${e.error.message}`;
  return `${head}${cause}${e.error.source.map((s, i) => `\n    ${e.error!.source.length - i}: ${s}`).join('')}`;
}

/** An entry in MinIO's log.Entry shape (without the deployment, which the reader adds). */
export function minioLogEntry(e: LogEntry): Record<string, unknown> {
  const r = e.request;
  const args = r && (r.bucket || r.object) ? { bucket: r.bucket, object: r.object } : undefined;
  return {
    level: e.level,
    errKind: 'MINIO',
    time: e.time.toISOString(),
    ...(r
      ? {
          api: { name: r.api, ...(args ? { args } : {}) },
          remotehost: r.remoteHost,
          host: r.host,
          requestID: r.requestId,
          userAgent: r.userAgent,
        }
      : {}),
    message: e.message,
    ...(e.error ? { error: { message: e.error.message, source: e.error.source } } : {}),
  };
}

/** One entry as a JSON line (the CLI's --json), MinIO's log.Entry shape. */
export const formatLogJson = (e: LogEntry): string => JSON.stringify(minioLogEntry(e));
