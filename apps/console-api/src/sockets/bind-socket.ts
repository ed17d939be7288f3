import {
  SOCKET_FAILURE_REASON,
  SOCKET_KEEP_ALIVE_MS,
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
}

/** A reader this far behind loses frames rather than grow the console's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Close reasons are limited to 123 bytes. */
const MAX_REASON_BYTES = 123;

/**
 * Binds contract sockets. The session, the origin and the query are all checked before the
 * upgrade, so a refusal is an ordinary HTTP error in the API's shape. After the upgrade each
 * frame from the handler goes out as one JSON text message.
 */
export function createSocketBinder({ app, basePath, authenticate }: SocketBinderDeps) {
  return <S extends SocketDef>(socket: S, handler: SocketHandler<S>): void => {
    const checkInput = inputChecker(socket);
    const accepted = new WeakMap<FastifyRequest, Omit<SocketContext<S>, 'signal'>>();
    app.get(
      basePath + socket.path,
      {
        websocket: true,
        preValidation: async (request) => {
          const { session } = await authenticate(request);
          refuseCrossOrigin(request);
          const input = checkInput(request);
          accepted.set(request, {
            session,
            params: input.params as StaticOf<S['params']>,
            query: input.query as Static<S['query']>,
          });
        },
      },
      (ws, request) => {
        const ctx = accepted.get(request);
        if (!ctx) return ws.close(1011, SOCKET_FAILURE_REASON);
        void pump(ws, request, handler, ctx);
      },
    );
  };
}

/**
 * Browsers let any page open a WebSocket to any host, cookies included: only pages served
 * from the console's own origin may (the same check gorilla's upgrader made in the original).
 */
function refuseCrossOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return; // not a browser
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new ApiError('forbidden', 'malformed Origin header');
  }
  if (host !== request.host)
    throw new ApiError('forbidden', `a page from ${origin} may not open this stream`);
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
    if (ws.readyState === ws.OPEN) ws.close(1000);
  } catch (err) {
    if (controller.signal.aborted) return;
    const apiError = err instanceof ApiError ? err : fromStorageError(err, 'call');
    if (apiError.status >= 500) request.log.warn({ code: apiError.code }, apiError.detailedMessage);
    if (ws.readyState === ws.OPEN) ws.close(1011, closeReason(apiError));
  } finally {
    clearInterval(keepAlive);
    controller.abort();
  }
}

/** The server's own reason when it gave one (Access Denied, no such bucket), else the generic one. */
function closeReason(err: ApiError): string {
  const text = err.detailedMessage || SOCKET_FAILURE_REASON;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_REASON_BYTES) return text;
  return `${bytes
    .subarray(0, MAX_REASON_BYTES - 3)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')}...`;
}
