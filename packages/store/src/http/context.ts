import { randomBytes } from 'node:crypto';

// Request ids as MinIO's: 16 upper-case hex digits. A random start and a counter: unique
// per process without a random draw per request. The high half changes only when the low
// half wraps, so most ids cost one small number's formatting.
const random = randomBytes(8);
let high = random.readUInt32BE(0);
let low = random.readUInt32BE(4);
let highHex = '';
function nextRequestId(): string {
  low = (low + 1) >>> 0;
  if (low === 0) high = (high + 1) >>> 0;
  if (low === 0 || highHex === '') highHex = high.toString(16).toUpperCase().padStart(8, '0');
  return highHex + low.toString(16).toUpperCase().padStart(8, '0');
}

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { parseQuery, percentDecode } from '../wire/query.js';
import { clientAddress, TrustedProxies } from './client-address.js';

export type QueryPairs = ReadonlyArray<readonly [string, string]>;

/** Everything parsed from the request line and headers, once, before any protocol runs. */
export interface RequestContext {
  readonly req: IncomingMessage;
  /** 16 upper-case hex digits, as MinIO's X-Amz-Request-Id. */
  readonly requestId: string;
  readonly method: string;
  /** The path exactly as received (still percent-encoded, never dot-normalised). */
  readonly rawPath: string;
  /** The decoded path, or undefined when it is not valid percent-encoded UTF-8. */
  readonly path: string | undefined;
  /** Decoded query parameters in received order (Go url.ParseQuery semantics). */
  readonly query: QueryPairs;
  readonly headers: IncomingHttpHeaders;
  readonly host: string;
  readonly received: Date;
  /** The client's address: the socket's peer, or what a trusted proxy forwarded for. */
  readonly client: string;
  /** The operation, once a protocol has parsed it (e.g. s3.PutObject), for traces. */
  api?: string;
  /** The bucket and object named, and who signed, once known: for the audit log. */
  bucket?: string;
  object?: string;
  accessKey?: string;
  parentUser?: string;
  /** When writeReply handed the answer's first byte (or its head, with no body) to the socket. */
  firstByteAt?: bigint;
  /** What writeReply sent: headers given to writeHead are not readable from the response. */
  responseHeaders?: Record<string, string>;
  /** An aws-chunked body's trailers (lower-case names), complete once the body has ended. */
  trailers?: ReadonlyMap<string, string>;
  /** The bucket came from the Host (virtual-host style): URLs of its objects leave it out of the path. */
  virtualHost?: boolean;
}

const NO_PROXIES = new TrustedProxies();

/** The origin-form of a request target; absolute-form (`http://host/path`) loses its authority (RFC 9112 §3.2.2). */
function originForm(target: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(target);
  if (!scheme) return target;
  const at = target.slice(scheme[0].length).search(/[/?]/);
  if (at < 0) return '/';
  const rest = target.slice(scheme[0].length + at);
  return rest.startsWith('?') ? `/${rest}` : rest;
}

export function createContext(
  req: IncomingMessage,
  now: Date = new Date(),
  trusted: TrustedProxies = NO_PROXIES,
): RequestContext {
  const url = originForm(req.url ?? '/');
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  return {
    req,
    requestId: nextRequestId(),
    method: (req.method ?? 'GET').toUpperCase(),
    rawPath,
    path: percentDecode(rawPath, false),
    query: q < 0 ? [] : parseQuery(url.slice(q + 1)),
    headers: req.headers,
    host: req.headers.host ?? '',
    received: now,
    client: clientAddress(req.socket?.remoteAddress, req.headers, trusted),
  };
}

/** First value of a query parameter, or undefined when absent. */
export function queryValue(query: QueryPairs, name: string): string | undefined {
  return query.find(([k]) => k === name)?.[1];
}

/** A single header value as a string (Node joins repeats of most headers with ', '). */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/**
 * Whether secrets may travel on this connection: TLS, or a client on this machine (the
 * bytes never leave it). SSE-C keys are refused anywhere else, as MinIO refuses them.
 */
export function isPrivateChannel(ctx: RequestContext): boolean {
  const socket = ctx.req.socket as { encrypted?: boolean; remoteAddress?: string };
  return socket.encrypted === true || isLoopback(socket.remoteAddress ?? '');
}

/** Whether an address is this machine's loopback (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export const isLoopback = (addr: string): boolean =>
  addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.');

/** Records who signed a request, for the audit log (the parent too when it acts for one). */
export function noteSigner(
  ctx: RequestContext,
  signer: { accessKey: string; parent: string } | undefined,
): void {
  if (!signer) return;
  ctx.accessKey = signer.accessKey;
  if (signer.parent !== signer.accessKey) ctx.parentUser = signer.parent;
}

/** Records the bucket and object an operation names, for the audit log. */
export function noteSubject(ctx: RequestContext, bucket: string | undefined, object?: string): void {
  if (bucket) ctx.bucket = bucket;
  if (object) ctx.object = object;
}

/**
 * Text as a header value holds it: one character per byte, as Node reads request headers
 * (latin1), here the UTF-8 bytes of `text`. Values that come from a query or a form are
 * kept this way too, so that every stored and answered value is the bytes the client sent.
 */
export const headerBytes = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
