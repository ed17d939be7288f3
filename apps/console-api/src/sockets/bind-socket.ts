import {
  SOCKET_COMPLETE,
  SOCKET_FAILED,
  SOCKET_FAILURE_REASON,
  SOCKET_KEEP_ALIVE_MS,
  SOCKET_REFUSED,
  type SocketDef,
  type StaticOf,
} from '@stowage/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { WebSocket } from 'ws';
import { fromStorageError } from '../clients/errors.js';
import { inputChecker } from '../http/bind.js';
import { ApiError } from '../http/errors.js';
import type { Session } from '../session/store.js';
import type { OriginRefusal } from './origin.js';

export interface SocketContext<S extends SocketDef> {
  session: Session;
  params: StaticOf<S['params']>;
  query: Static<S['query']>;
  /** Aborts when the browser goes away: the stream from the storage server must end with it. */
  signal: AbortSignal;
}

export type SocketHandler<S extends SocketDef> = (ctx: SocketContext<S>) => AsyncIterable<Static<S['frame']>>;

export interface SocketBinderDeps {
  app: FastifyInstance;
  basePath: string;
  authenticate: (request: FastifyRequest) => Promise<{ session: Session }>;
  /** Why a page may not open a stream, or undefined when it may (origin.ts). */
  checkOrigin: (request: FastifyRequest) => OriginRefusal | undefined;
  /** The operator's log (the CLI's output), told of every refused origin. */
  warn?: (line: string) => void;
}

/** A reader this far behind loses frames rather than grow the console's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Close reasons are limited to 123 bytes. */
const MAX_REASON_BYTES = 123;

type Admission<S extends SocketDef> =
  | { ctx: Omit<SocketContext<S>, 'signal'> }
  | { refused: { code: typeof SOCKET_REFUSED | typeof SOCKET_FAILED; reason: string } };

/**
 * Binds contract sockets. The origin, the session and the query are all checked before the
 * upgrade; a browser cannot read an HTTP refusal of an upgrade (its socket only reports 1006),
 * so a refusal is an accepted upgrade closed at once with 1008 and the reason, no data sent.
 * After the upgrade each frame from the handler goes out as one JSON text message.
 */
export function createSocketBinder({ app, basePath, authenticate, checkOrigin, warn }: SocketBinderDeps) {
  return <S extends SocketDef>(socket: S, handler: SocketHandler<S>): void => {
    const checkInput = inputChecker(socket);
    const admissions = new WeakMap<FastifyRequest, Admission<S>>();
    const admit = async (request: FastifyRequest): Promise<Admission<S>> => {
      // The origin first: a page of another site learns nothing, not even whether it is logged in.
      const foreign = checkOrigin(request);
      if (foreign) {
        const line = originWarning(foreign, request.url);
        request.log.warn({ origin: foreign.origin, comparedWith: foreign.comparedWith }, line);
        warn?.(`warning: ${line}`);
        return { refused: { code: SOCKET_REFUSED, reason: originReason(foreign.origin) } };
      }
      try {
        const { session } = await authenticate(request);
        const input = checkInput(request);
        return {
          ctx: {
            session,
            params: input.params as StaticOf<S['params']>,
            query: input.query as Static<S['query']>,
          },
        };
      } catch (err) {
        const apiError = err instanceof ApiError ? err : fromStorageError(err, 'call');
        const code = apiError.status >= 500 ? SOCKET_FAILED : SOCKET_REFUSED;
        return { refused: { code, reason: refusalReason(apiError) } };
      }
    };
    app.get(
      basePath + socket.path,
      {
        websocket: true,
        preValidation: async (request) => {
          admissions.set(request, await admit(request));
        },
      },
      (ws, request) => {
        const admission = admissions.get(request);
        if (!admission) return ws.close(SOCKET_FAILED, SOCKET_FAILURE_REASON);
        if ('refused' in admission) return ws.close(admission.refused.code, admission.refused.reason);
        void pump(ws, request, handler, admission.ctx);
      },
    );
  };
}

/** For the operator: what was refused, against what, and the settings that would allow it. */
function originWarning({ origin, comparedWith, source }: OriginRefusal, url: string): string {
  const path = url.split('?')[0];
  return (
    `refused a socket to ${path} from a page at ${origin}: it is not the console's origin ` +
    `(${source} ${comparedWith || '(none)'}). If the console is reached at that address, add ` +
    `it to --allowed-origins (STOWAGE_ALLOWED_ORIGINS), or list the reverse proxy in ` +
    `--trust-proxy and have it send X-Forwarded-Host or Forwarded`
  );
}

/** For the page, within a close reason's 123 bytes. */
function originReason(origin: string): string {
  const full = `origin ${origin} is not allowed: set --allowed-origins`;
  return Buffer.byteLength(full) <= MAX_REASON_BYTES
    ? full
    : 'this origin is not allowed: set --allowed-origins';
}

/** Why a stream was refused, as its close reason. */
export function refusalReason(err: ApiError): string {
  if (err.code === 'sessionRequired') return 'not logged in or the session expired: log in again';
  return closeReason(err.detailedMessage ? `${err.message}: ${err.detailedMessage}` : err.message);
}

async function pump<S extends SocketDef>(
  ws: WebSocket,
  request: FastifyRequest,
  handler: SocketHandler<S>,
  ctx: Omit<SocketContext<S>, 'signal'>,
): Promise<void> {
  const controller = new AbortController();
  ws.on('close', () => controller.abort());
  ws.on('error', () => controller.abort());
  // The web app sends its own keep-alives; nothing the client says changes the stream.
  ws.on('message', () => {});
  let answered = true;
  ws.on('pong', () => {
    answered = true;
  });
  const keepAlive = setInterval(() => {
    if (!answered) return ws.terminate(); // a peer that vanished without closing
    answered = false;
    ws.ping();
  }, SOCKET_KEEP_ALIVE_MS);
  try {
    for await (const frame of handler({ ...ctx, signal: controller.signal })) {
      if (ws.readyState !== ws.OPEN) break;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      ws.send(JSON.stringify(frame));
    }
    if (ws.readyState === ws.OPEN) ws.close(SOCKET_COMPLETE);
  } catch (err) {
    if (controller.signal.aborted) return;
    const apiError = err instanceof ApiError ? err : fromStorageError(err, 'call');
    if (apiError.status >= 500) request.log.warn({ code: apiError.code }, apiError.detailedMessage);
    if (ws.readyState === ws.OPEN) ws.close(SOCKET_FAILED, closeReason(apiError.detailedMessage));
  } finally {
    clearInterval(keepAlive);
    controller.abort();
  }
}

/** The server's own reason when it gave one (Access Denied, no such bucket), else the generic one;
 *  cut to fit a close frame. */
function closeReason(reason: string): string {
  const text = reason || SOCKET_FAILURE_REASON;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_REASON_BYTES) return text;
  return `${bytes
    .subarray(0, MAX_REASON_BYTES - 3)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')}...`;
}
