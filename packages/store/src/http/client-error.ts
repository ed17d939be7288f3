import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, type ErrorCode } from '../s3/errors.js';
import { el, renderXml } from '../s3/xml/writer.js';

// Requests Node's HTTP parser refuses before any protocol sees them. Node's own handler
// would write a bare 400 even while an earlier response on the socket is still pending,
// interleaving bytes; this one keeps the connection's responses in order.

interface SocketState {
  requests: Set<IncomingMessage>;
  closeAfter: boolean;
}
const sockets = new WeakMap<Duplex, SocketState>();

/** Tracks a request from arrival until its response is written; returns its completion hook. */
export function trackRequest(req: IncomingMessage): () => void {
  const socket = req.socket;
  let state = sockets.get(socket);
  if (!state) {
    state = { requests: new Set(), closeAfter: false };
    sockets.set(socket, state);
  }
  const s = state;
  s.requests.add(req);
  return () => {
    s.requests.delete(req);
    if (s.closeAfter && s.requests.size === 0) socket.end();
  };
}

/** The requests on a connection whose responses are not written yet, oldest first. */
export function requestsOn(socket: Duplex): IncomingMessage[] {
  return [...(sockets.get(socket)?.requests ?? [])];
}

function codeFor(err: Error & { code?: string }): ErrorCode {
  // Raw non-ASCII bytes in the request line: S3 answers InvalidURI.
  if (err.code === 'HPE_INVALID_URL') return 'InvalidURI';
  if (err.code === 'HPE_INVALID_EOF_STATE') return 'IncompleteBody';
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'RequestHeaderSectionTooLarge';
  return 'BadRequest';
}

const errorDocument = (error: ApiError) =>
  renderXml(el('Error', el('Code', error.code), el('Message', error.message)));

/**
 * A request that reaches a server already closing (a kept-alive connection outliving close())
 * is refused as MinIO refuses requests while it starts: 503, try again, on a new connection.
 * Answering it would tell a client waiting for a restart that the restart is over.
 */
export function refuseWhileClosing(res: ServerResponse): void {
  const error = new ApiError('XMinioServerNotInitialized');
  const body = errorDocument(error);
  res.shouldKeepAlive = false;
  res.writeHead(error.status, {
    'Content-Type': 'application/xml',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': '1',
  });
  res.end(body);
}

/** A `clientError` handler: an S3 error document, then close. */
export function clientError(err: Error & { code?: string }, socket: Duplex): void {
  const state = sockets.get(socket);
  if (state && state.requests.size > 0) {
    // A request body still arriving has lost its framing: nothing more can be said on this
    // connection. Otherwise (bytes after a complete body) the pending responses go out first.
    if ([...state.requests].some((r) => !r.complete)) socket.destroy();
    else state.closeAfter = true;
    return;
  }
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const error = new ApiError(codeFor(err));
  const status = error.status;
  const body = errorDocument(error);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
    'Content-Type: application/xml',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
