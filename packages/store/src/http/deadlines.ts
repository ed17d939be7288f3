import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../wire/errors.js';
import { requestsOn } from './client-error.js';
import { continueWithheld } from './continue.js';

// Deadlines for connections that go quiet. Node's own requestTimeout (300 s for a whole
// request, body included) would cut a 5 GiB single PUT on a slow link while its bytes still
// arrive; the store cuts only what stalls, as S3 does:
// - a body the client stopped sending: 400 RequestTimeout, then the connection closes;
// - an answer the client stopped reading, or a connection with no request on it: closed;
// - a request the store itself is still working on, or whose body it holds back while its
//   disks catch up, is never cut.
// Node's headersTimeout (60 s for a request head) still stops heads sent a byte at a time.

/** How long a connection may stay quiet while a body arrives or an answer goes out. */
export const IDLE_TIMEOUT_MS = 30_000;

/**
 * Emitted on a request whose body stalled, with the RequestTimeout error: body readers that
 * can still answer the client fail with it. With no reader listening the connection closes.
 */
export const BODY_STALLED = Symbol('body stalled');

const stalled = new WeakSet<IncomingMessage>();

/** The request's body stalled: its connection cannot carry another request. */
export const bodyStalled = (req: IncomingMessage): boolean => stalled.has(req);

export function applyDeadlines(server: Server, idleMs = IDLE_TIMEOUT_MS): void {
  server.requestTimeout = 0;
  // Socket inactivity: any byte read or written restarts it.
  server.timeout = idleMs;
  server.on('timeout', (socket: Socket) => {
    const requests = requestsOn(socket);
    const receiving = requests.find((req) => !req.complete);
    // A paused socket is the store not reading (no reader yet, or a reader waiting on its
    // disks), and a client waiting for 100 Continue waits on the store: neither is a stall.
    if (receiving && !socket.isPaused() && !continueWithheld(receiving)) stall(receiving, socket, idleMs);
    else if (requests.length === 0 || socket.writableLength > 0) socket.destroy();
    else socket.setTimeout(idleMs);
  });
}

function stall(req: IncomingMessage, socket: Socket, idleMs: number): void {
  if (stalled.has(req)) {
    socket.destroy(); // told once already, and still nothing
    return;
  }
  stalled.add(req);
  if (!req.emit(BODY_STALLED, new ApiError('RequestTimeout'))) socket.destroy();
  else socket.setTimeout(idleMs); // a second quiet spell closes it
}
