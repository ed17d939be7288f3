import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { ApiError } from '../wire/errors.js';
import { acceptBody, continueWithheld } from './continue.js';
import { BODY_STALLED, bodyStalled } from './deadlines.js';

/**
 * Pipes the request into `into` without letting a failure downstream destroy the request
 * (and with it the socket): the server still has to answer on that connection.
 */
export function fromRequest<T extends Transform>(req: IncomingMessage, into: T): T {
  // A check may fail (at end of body) before any consumer is attached; the error is kept
  // on the stream (`errored`) and reaches whoever reads it, instead of crashing the process.
  into.on('error', () => {});
  req.on('error', (err) => into.destroy(err));
  req.on('aborted', () => into.destroy(new ApiError('IncompleteBody')));
  req.once(BODY_STALLED, (err: ApiError) => into.destroy(err));
  acceptBody(req);
  req.pipe(into);
  return into;
}

export function passThrough(req: IncomingMessage): Readable {
  return fromRequest(req, new PassThrough());
}

/** Reads a small body whole; more than `limit` bytes is refused with `tooLarge`. */
export async function readAll(body: Readable, limit: number, tooLarge: ApiError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) {
      body.destroy();
      throw tooLarge;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a request's body of `length` bytes to its end with no stream in between (small
 * bodies); IncompleteBody when the client goes before that.
 */
export function readRequestBody(req: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
    };
    const stop = () =>
      req
        .off('data', onData)
        .off('end', onEnd)
        .off('close', onClose)
        .off('error', onClose)
        .off(BODY_STALLED, onStall);
    const onEnd = () => {
      stop();
      if (got !== length) reject(new ApiError('IncompleteBody'));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, got));
    };
    const onClose = () => {
      stop();
      reject(new ApiError('IncompleteBody'));
    };
    const onStall = (err: ApiError) => {
      stop();
      reject(err);
    };
    req
      .on('data', onData)
      .once('end', onEnd)
      .once('close', onClose)
      .once('error', onClose)
      .once(BODY_STALLED, onStall);
    acceptBody(req);
  });
}

/**
 * After a failed request, reads what is left of a small body so the client gets the error
 * on a healthy keep-alive connection; a large remainder closes the connection instead.
 * Resolves true when the connection can stay open.
 */
export async function settleBody(
  req: IncomingMessage,
  maxBytes = 8 * 1024 * 1024,
  timeoutMs = 5000,
): Promise<boolean> {
  // A body read to its end leaves the connection ready for the next request (Node destroys
  // a request read whole, which says nothing about the connection).
  if (req.complete) return true;
  if (req.destroyed || bodyStalled(req) || continueWithheld(req)) return false;
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return false;
  req.unpipe();
  return new Promise<boolean>((resolve) => {
    let seen = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    req.on('data', onData);
    req.once('end', () => finish(true));
    req.once('close', () => finish(req.complete));
    req.resume();
  });
}
