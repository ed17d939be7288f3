import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, type ErrorCode } from '../wire/errors.js';
import { el, renderXml } from '../wire/xml-writer.js';

// Requests Node's HTTP parser refuses before any protocol sees them. Node's own handler
// would write a bare 400 even while an earlier response on the socket is still pending,
// interleaving bytes; this one keeps the connection's responses in order.

interface SocketState {
  /** Requests whose responses are not written yet, oldest first, with those responses. */
  requests: Map<IncomingMessage, ServerResponse>;
  closeAfter: boolean;
}
const sockets = new WeakMap<Duplex, SocketState>();

/** Tracks a request from arrival until its response is written; returns its completion hook. */
export function trackRequest(req: IncomingMessage, res: ServerResponse): () => void {
  const socket = req.socket;
  let state = sockets.get(socket);
  if (!state) {
    state = { requests: new Map(), closeAfter: false };
    sockets.set(socket, state);
  }
  const s = state;
  s.requests.set(req, res);
  return () => {
    s.requests.delete(req);
    if (s.closeAfter && s.requests.size === 0) socket.end();
  };
}

/** The requests on a connection whose responses are not written yet, oldest first. */
export function requestsOn(socket: Duplex): IncomingMessage[] {
  return [...(sockets.get(socket)?.requests.keys() ?? [])];
}

const LINGER_MS = 2000;
/** Connections closing after an answer: still read from, never served again. */
const lingering = new WeakSet<Duplex>();

export const isLingering = (socket: Duplex): boolean => lingering.has(socket);

/** Marks a connection as closing after the answer being written: nothing more is served. */
export function markLingering(socket: Duplex): void {
  lingering.add(socket);
}

/**
 * Shuts the store's side of a connection after its last answer without resetting it: a
 * client still sending gets a reset, and may lose the answer with it, if the store closes
 * with its bytes unread. The rest is read and dropped for a while, as Go's server and
 * nginx's lingering close do.
 */
export function lingerClose(socket: Duplex, req?: IncomingMessage): void {
  lingering.add(socket);
  req?.resume();
  socket.resume();
  if (socket.writable) socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
}

function codeFor(err: Error & { code?: string }): ErrorCode {
  // Raw non-ASCII bytes in the request line: S3 answers InvalidURI.
  if (err.code === 'HPE_INVALID_URL') return 'InvalidURI';
  if (err.code === 'HPE_INVALID_EOF_STATE') return 'IncompleteBody';
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'RequestHeaderSectionTooLarge';
  // A transfer coding other than chunked (gzip, say): as Go's server, and S3, refuse it. A
  // malformed Transfer-Encoding (chunked twice, chunked then identity, beside a
  // Content-Length) is a bad request, which closes (RFC 9112 §6.3).
  if (err.code === 'HPE_INVALID_TRANSFER_ENCODING')
    return /^Request has invalid/.test((err as { reason?: string }).reason ?? '')
      ? 'NotImplemented'
      : 'BadRequest';
  // A request head still not complete after Node's headersTimeout (one sent a byte at a time).
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'RequestTimeout';
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
  // The parser stays broken: bytes still arriving on a closing connection report it again.
  if (lingering.has(socket)) return;
  const state = sockets.get(socket);
  if (state && state.requests.size > 0) {
    const [oldest, res] = state.requests.entries().next().value as [IncomingMessage, ServerResponse];
    if (oldest.complete) {
      // Bytes after a complete body: the pending responses go out first, then the close.
      state.closeAfter = true;
      return;
    }
    // A body whose framing broke (a bad chunk, an unknown transfer coding, a half-close
    // before Content-Length). Its handler can never finish reading it, so this answers for
    // it, unless some of its response is already out: then nothing more can be said.
    if (res.headersSent || !socket.writable) {
      socket.destroy();
      return;
    }
    res.statusCode = sendError(err, socket);
    answeredForHandler.add(res);
    lingerClose(socket);
    return;
  }
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  sendError(err, socket);
  socket.end();
}

/** Responses clientError wrote on the socket itself: their handlers' answers are dropped. */
const answeredForHandler = new WeakSet<ServerResponse>();

export const answeredAlready = (res: ServerResponse): boolean => answeredForHandler.has(res);

/** The S3 error document for a request the parser refused, straight on the socket; its status. */
function sendError(err: Error & { code?: string }, socket: Duplex): number {
  const error = new ApiError(codeFor(err));
  const status = error.status;
  const body = errorDocument(error);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
    'Content-Type: application/xml',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Date: ${new Date().toUTCString()}`,
    'Connection: close',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  return status;
}
