import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Bus, HttpTrace } from '../observe/bus.js';
import type { Logger } from '../observe/logger.js';
import type { RequestMetrics } from '../observe/metrics.js';
import { ApiError } from '../wire/errors.js';
import { percentDecode } from '../wire/query.js';
import type { Reply } from '../wire/reply.js';
import { settleBody } from './body.js';
import { RELAY_HEADER, type TrustedProxies } from './client-address.js';
import {
  clientError,
  isLingering,
  lingerClose,
  markLingering,
  refuseWhileClosing,
  trackRequest,
} from './client-error.js';
import { createContext, type RequestContext } from './context.js';
import { continueWithheld, holdContinue } from './continue.js';
import { applyDeadlines } from './deadlines.js';
import { requestLog } from './request-info.js';
import { writeReply } from './writer.js';

/** A wire protocol served by the store (S3, STS, admin): handles requests, renders its errors. */
export interface Protocol {
  /**
   * Takes the request's place among those served at once (api requests_max), waiting for
   * one if need be: its release, called once the answer is finished or abandoned. `onLeave`
   * registers what to do if the client goes away meanwhile.
   */
  admit?(ctx: RequestContext, onLeave: (left: () => void) => void): (() => void) | Promise<() => void>;
  handle(ctx: RequestContext): Promise<Reply>;
  errorReply(err: ApiError, ctx: RequestContext): Reply;
}

/**
 * Turns anything thrown into a catalogue error. Unexpected ones are logged, not shown; so are
 * the server's other failures (5xx), but for those that only say "later" (throttling) or "no"
 * (an unimplemented feature).
 */
export function toApiError(
  err: unknown,
  toCatalogue: (err: unknown) => ApiError | undefined,
  log: Logger,
): ApiError {
  const known = err instanceof ApiError ? err : toCatalogue(err);
  if (!known) {
    log.error('internal error', { err });
    return new ApiError('InternalError');
  }
  if (known.status >= 500 && !NOT_FAILURES.has(known.code)) log.error(known.message, { err });
  return known;
}

const NOT_FAILURES: ReadonlySet<string> = new Set([
  'SlowDown',
  'NotImplemented',
  'XMinioServerNotInitialized',
]);

export interface ServerDeps {
  select(ctx: RequestContext): Protocol;
  mapError(err: unknown): ApiError | undefined;
  log: Logger;
  /** Where finished requests are reported while someone traces. */
  trace?: Bus<HttpTrace>;
  /** Counters of finished requests, for metrics. */
  metrics?: RequestMetrics;
  /** Where finished requests go for the audit log, while any audit target runs. */
  audit?: { readonly active: boolean; record(request: HttpTrace): void };
  /** Proxies whose X-Forwarded-For names the client (ctx.client); none by default. */
  trustedProxies?: TrustedProxies;
}

const SECRET_HEADERS = new Set([
  RELAY_HEADER,
  'authorization',
  'x-amz-security-token',
  'cookie',
  'x-amz-server-side-encryption-customer-key',
  'x-amz-copy-source-server-side-encryption-customer-key',
]);

function headerLists(headers: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    // Traces are for people to read: signatures and tokens stay out of them.
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? ['*REDACTED*'] : values;
  }
  return out;
}

// A presigned URL's signature (V4's X-Amz-Signature, V2's Signature) or session token would
// let a log reader replay it.
const SECRET_QUERY = new Set(['x-amz-signature', 'x-amz-security-token', 'signature']);

/**
 * The query as sent, secrets' values replaced. Names are matched decoded, as the
 * authenticators read them: `%53ignature` is a signature too.
 */
export function redactedQuery(raw: string): string {
  return raw
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      const decoded = percentDecode(name, true) ?? name;
      return SECRET_QUERY.has(decoded.toLowerCase()) ? `${name}=*REDACTED*` : pair;
    })
    .join('&');
}

/** The body length the answer declared (0 for one cut off before its headers). */
function sentBytes(ctx: RequestContext, res: ServerResponse): number {
  return Number(ctx.responseHeaders?.['Content-Length'] ?? res.getHeader('content-length') ?? 0) || 0;
}

function finishedRequest(ctx: RequestContext, res: ServerResponse, started: bigint): HttpTrace {
  const query = ctx.req.url?.indexOf('?') ?? -1;
  const durationNs = Number(process.hrtime.bigint() - started);
  return {
    api: ctx.api ?? 'unknown',
    requestId: ctx.requestId,
    ...(ctx.bucket ? { bucket: ctx.bucket } : {}),
    ...(ctx.object ? { object: ctx.object } : {}),
    ...(ctx.accessKey ? { accessKey: ctx.accessKey } : {}),
    ...(ctx.parentUser ? { parentUser: ctx.parentUser } : {}),
    time: ctx.received,
    method: ctx.method,
    path: ctx.path ?? ctx.rawPath,
    rawQuery: query < 0 ? '' : redactedQuery(ctx.req.url!.slice(query + 1)),
    headers: headerLists(ctx.headers),
    client: ctx.client,
    status: res.statusCode,
    responseHeaders: headerLists(ctx.responseHeaders ?? res.getHeaders()),
    durationNs,
    // An answer never begun (the client left first) had no first byte: 0, as MinIO's
    // recorder leaves it then.
    ttfbNs: ctx.firstByteAt === undefined ? 0 : Number(ctx.firstByteAt - started),
    inputBytes: Number(ctx.headers['content-length'] ?? 0) || 0,
    outputBytes: sentBytes(ctx, res),
  };
}

/**
 * Body framing Node's parser lets through but RFC 9112 §6 refuses: a Transfer-Encoding on an
 * HTTP/1.0 request (faulty framing: the classic smuggling desync), or transfer codings
 * other than `chunked` alone (gzip, chunked), which Go's server, and so MinIO, refuse.
 */
function assertFraming(req: IncomingMessage): void {
  const coding = req.headers['transfer-encoding'];
  if (coding === undefined) return;
  if (req.httpVersion === '1.0')
    throw new ApiError('BadRequest', 'Transfer-Encoding is not allowed in an HTTP/1.0 request');
  if (coding.trim().toLowerCase() !== 'chunked')
    throw new ApiError('NotImplemented', `Transfer-Encoding ${coding} is not implemented`);
}

/**
 * Takes the request's place (see Protocol.admit) and gives it back once `res` closes;
 * a promise only when the request has to wait for one.
 */
function admitted(
  admit: NonNullable<Protocol['admit']>,
  ctx: RequestContext,
  res: ServerResponse,
): Promise<void> | undefined {
  const hold = (release: () => void) => {
    if (res.closed) release();
    else res.once('close', release);
  };
  const taken = admit(ctx, (left) => res.once('close', left));
  if (typeof taken !== 'function') return taken.then(hold);
  hold(taken);
  return undefined;
}

async function serve(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = process.hrtime.bigint();
  const ctx = createContext(req, new Date(), deps.trustedProxies);
  const { trace, metrics, audit } = deps;
  let handled = () => {};
  if (trace?.active || metrics || audit?.active) {
    metrics?.started();
    // Finished once the answer is closed and the handler is done: a client that goes away
    // ('close' fires then too) leaves a handler that may still be reading or cleaning up,
    // and that request is in flight until it is.
    let left = 2;
    const finish = () => {
      if (--left > 0) return;
      if (trace?.active || audit?.active) {
        const finished = finishedRequest(ctx, res, started);
        if (trace?.active) trace.publish(finished);
        if (audit?.active) audit.record(finished);
      }
      metrics?.record(
        ctx.api ?? 'unknown',
        res.statusCode,
        Number(ctx.headers['content-length'] ?? 0) || 0,
        sentBytes(ctx, res),
      );
    };
    res.once('close', finish);
    handled = finish;
  }
  try {
    await answer(deps, ctx, req, res);
  } finally {
    handled();
  }
}

async function answer(deps: ServerDeps, ctx: RequestContext, req: IncomingMessage, res: ServerResponse) {
  const protocol = deps.select(ctx);
  let reply: Reply;
  let close = false;
  try {
    assertFraming(req);
    const waiting = protocol.admit && admitted(protocol.admit, ctx, res);
    if (waiting) await waiting;
    reply = await protocol.handle(ctx);
    // Answered without asking for the body the client holds back: it may still come.
    close = continueWithheld(req);
  } catch (err) {
    reply = protocol.errorReply(toApiError(err, deps.mapError, requestLog(deps.log, ctx)), ctx);
    close = !(await settleBody(req));
  }
  if (close) lingerOnClose(req);
  await writeReply(res, ctx, reply, {
    close,
    // Headers went out already: the client sees a cut connection, the log says why.
    cut: (err) => requestLog(deps.log, ctx).error('response cut short', { err }),
  });
}

/**
 * Closes a connection after its answer without resetting it (see lingerClose). Node ends a
 * `Connection: close` response with socket.destroySoon(), which would reset: this socket's
 * is replaced before the answer goes.
 */
function lingerOnClose(req: IncomingMessage): void {
  markLingering(req.socket);
  req.socket.destroySoon = () => lingerClose(req.socket, req);
}

export function createHttpServer(deps: ServerDeps, opts: { idleTimeoutMs?: number } = {}): Server {
  // Requests pipelined on one connection run one after another, as they were sent (RFC 9112
  // §9.3.2): Node starts each as soon as it is parsed, and a PUT then a GET of one key would
  // otherwise race, the GET reading the old bytes or the earlier PUT landing last.
  const previous = new WeakMap<Socket, Promise<void>>();
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!server.listening) {
      refuseWhileClosing(res);
      return;
    }
    const done = trackRequest(req, res);
    const run = async () => {
      // After an answer that closes the connection, nothing more on it is served (RFC 9112
      // §9.6): requests pipelined behind it were never answered, so must not run either.
      if (isLingering(req.socket)) {
        req.resume(); // the linger closes the connection; a reset now could lose that answer
        return;
      }
      await serve(deps, req, res).catch((err: unknown) => {
        deps.log.error('response failed', { err });
        res.destroy();
      });
    };
    const before = previous.get(req.socket);
    const served = (before ? before.then(run) : run()).finally(done);
    previous.set(req.socket, served);
  };
  const server = createServer(onRequest);
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    holdContinue(req, res);
    onRequest(req, res);
  });
  // Any other expectation (an empty one too) is ignored, as S3 ignores it: Node would answer
  // 417 without a listener, failing uploads from clients that send one by habit.
  server.on('checkExpectation', onRequest);
  server.on('clientError', clientError);
  // Headers past Node's default count of 2000 would vanish without a word (an If-None-Match
  // or a Content-Md5 after them ignored): the head's size (maxHeaderSize) is the only bound.
  server.maxHeadersCount = 0;
  // Clients keep connections alive between calls; don't let idle ones hold close() up.
  server.keepAliveTimeout = 5000;
  applyDeadlines(server, opts.idleTimeoutMs);
  return server;
}
