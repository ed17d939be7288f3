import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { urlHostPort } from './address.js';
import type { OutboundPolicy } from './outbound.js';

// One HTTP(S) request to a tier whose body or answer is object data: too large to hold whole
// (httpCall reads answers whole, 1 MiB at most). The caller reads or drops the answer; a
// deadline covers connecting and the answer's headers, after which data flows at its pace.

export interface StreamAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

export async function httpStream(
  url: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: Readable | Buffer;
    /** Until the answer's headers arrive. */
    timeoutMs: number;
  },
  outbound: OutboundPolicy,
): Promise<StreamAnswer> {
  const { host, port } = urlHostPort(url);
  // Refused addresses reject the call before anything is sent.
  const dial = outbound.dialOptions(host, port);
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: init.method, headers: init.headers, agent: false, ...dial },
      (res) => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
      },
    );
    const deadline = setTimeout(() => {
      req.destroy(new Error(`${url.origin} did not answer within ${init.timeoutMs} ms`));
    }, init.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    const body = init.body;
    if (body === undefined || Buffer.isBuffer(body)) req.end(body);
    else {
      body.on('error', (err) => req.destroy(err));
      body.pipe(req);
    }
  });
}

/** An answer's body read whole (error documents: small). */
export async function answerText(body: Readable, max = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of body) {
    size += (c as Buffer).length;
    if (size <= max) chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Drops an answer's body without reading it. */
export const discard = (body: Readable): void => {
  body.resume();
};
