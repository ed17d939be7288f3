import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { giveBackLoan } from '../engine/buffer-pool.js';
import type { Reply } from '../wire/reply.js';
import { renderXml } from '../wire/xml-writer.js';
import { answeredAlready } from './client-error.js';
import type { RequestContext } from './context.js';

// MinIO's clients and the admin protocol expect MinIO's response conventions (see
// madmin-protocol.md §1.5), the Server header included. A literal, not a spread copy of a
// constant: on Node 20 an object that starts as a spread gets a hidden class of its own,
// every request, and every read of it goes the slow way.
const commonHeaders = (requestId: string): Record<string, string> => ({
  Server: 'MinIO',
  'X-Amz-Id-2': HOST_ID,
  'Accept-Ranges': 'bytes',
  'X-Content-Type-Options': 'nosniff',
  'X-Xss-Protection': '1; mode=block',
  'Content-Security-Policy': 'block-all-mixed-content',
  'X-Amz-Request-Id': requestId,
});

/** MinIO's x-amz-id-2: this node, named by a hash of its host name (SDKs show it as HostId). */
export const HOST_ID = createHash('sha256').update(hostname()).digest('hex');

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const NEEDS_CLEANING = /[\x00-\x08\x0a-\x1f\x7f\u0100-\uffff]/;

/**
 * Header values go out as bytes: text beyond Latin-1 (a decoded response-content-disposition,
 * say) is sent as its UTF-8 bytes, as S3 does, and control characters never reach the wire.
 */
export function headerValue(v: string): string {
  if (!NEEDS_CLEANING.test(v)) return v;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we replace
  const clean = v.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ');
  return /[\u0100-\uffff]/.test(clean) ? Buffer.from(clean, 'utf8').toString('latin1') : clean;
}

function serialise(reply: Reply): { bytes?: Buffer; contentType?: string } {
  const body = reply.body;
  if (!body || body.type === 'stream') return {};
  switch (body.type) {
    case 'xml':
      return { bytes: Buffer.from(renderXml(body.value), 'utf8'), contentType: 'application/xml' };
    case 'json':
      return { bytes: Buffer.from(JSON.stringify(body.value), 'utf8'), contentType: 'application/json' };
    case 'bytes':
      return { bytes: body.value, ...(body.contentType ? { contentType: body.contentType } : {}) };
  }
}

/** Until the response can take more, or is gone (then it throws). */
function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.reject(new Error('response closed'));
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      if (res.destroyed) reject(new Error('response closed'));
      else resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Streams a body out with backpressure. A chunk lent from the engine's buffer pool goes
 * back once the socket has sent it, never before: its buffer then reads the next block.
 */
async function sendStream(body: Readable, res: ServerResponse, ctx: RequestContext): Promise<void> {
  for await (const chunk of body) {
    ctx.firstByteAt ??= process.hrtime.bigint();
    const sent = res.write(chunk, (err) => {
      if (!err) giveBackLoan(chunk);
    });
    if (!sent) await drained(res);
  }
  ctx.firstByteAt ??= process.hrtime.bigint();
  res.end();
  await finished(res);
}

/** The one place that writes responses. */
export async function writeReply(
  res: ServerResponse,
  ctx: RequestContext,
  reply: Reply,
  opts: { close?: boolean; cut?: (err: unknown) => void } = {},
): Promise<void> {
  if (answeredAlready(res)) {
    if (reply.body?.type === 'stream') reply.body.value.destroy();
    return;
  }
  const { bytes, contentType } = serialise(reply);
  const headers = commonHeaders(ctx.requestId);
  if (contentType) headers['Content-Type'] = contentType;
  // 204 and 304 carry no body and, per RFC 9110, no Content-Length of one either.
  const bodiless = reply.status === 204 || reply.status === 304;
  let length = bytes ? String(bytes.length) : reply.body || bodiless ? undefined : '0';
  const given = reply.headers;
  for (const name in given) {
    if (name.length === 14 && name.toLowerCase() === 'content-length') length = given[name];
    else headers[name] = headerValue(given[name]!);
  }
  // Last: Node re-encodes a Content-Disposition that follows a Content-Length as latin1,
  // which mangles the UTF-8 bytes headerValue already made of it.
  if (length !== undefined) headers['Content-Length'] = length;
  if (opts.close) headers.Connection = 'close';
  ctx.responseHeaders = headers;
  res.writeHead(reply.status, headers);

  const head = ctx.method === 'HEAD';
  if (reply.body?.type === 'stream') {
    if (head) {
      reply.body.value.destroy();
      ctx.firstByteAt = process.hrtime.bigint();
      res.end();
      return;
    }
    try {
      await sendStream(reply.body.value, res, ctx);
    } catch (err) {
      // Headers are gone already: cutting the connection is the only honest signal left.
      // A client that went away is no failure of ours.
      if (!res.destroyed) opts.cut?.(err);
      res.destroy();
    }
    return;
  }
  ctx.firstByteAt = process.hrtime.bigint();
  res.end(head ? undefined : bytes);
  // Returns once the bytes are handed to the socket: a pipelined request waits for that,
  // or a client that sends many and reads none would have every answer queued in memory.
  if (!res.writableFinished) await sent(res);
}

function sent(res: ServerResponse): Promise<void> {
  // Gone already (the client left while the handler ran): nothing more goes out, and on
  // Node 24 neither 'finish' nor 'close' comes again for it.
  if (res.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      resolve();
    };
    res.on('finish', done);
    res.on('close', done);
  });
}
