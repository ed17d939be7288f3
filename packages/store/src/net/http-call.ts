import { type Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { urlHostPort } from './address.js';
import type { OutboundPolicy } from './outbound.js';

// One HTTP(S) request to a configured remote (a replication or tier endpoint, an
// Elasticsearch server), its answer read whole. Node's http client rather than fetch: it
// takes the outbound policy's lookup, so the address it connects to is the one checked.
// A remote is not trusted to be quick or brief: the call has a deadline for all of it
// (Node's `timeout` is per idle gap, which a byte every few seconds never reaches) and the
// answer a size limit.

/** The most of an answer read: remotes answer with small XML or JSON documents. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export interface HttpAnswer {
  status: number;
  text: string;
  /** The answer's headers, names in lower case (a HEAD's facts are only there). */
  headers: Record<string, string | string[] | undefined>;
}

/**
 * `timeoutMs`: the deadline for the whole call, from connecting to the answer's last byte.
 * `maxBytes`: the largest answer accepted (default MAX_ANSWER_BYTES); a longer one fails.
 * `agent`: where kept-alive connections wait for the next call; none (the default) opens a
 * connection per call. Never Node's global agent: a connection it kept could be handed to
 * a caller bound by another policy, unchecked.
 */
export function httpCall(
  url: URL,
  init: {
    method: string;
    headers?: Record<string, string>;
    /** A stream goes with the content-length the caller's headers give. */
    body?: string | Buffer | Readable;
    timeoutMs: number;
    maxBytes?: number;
    agent?: Agent;
  },
  outbound: OutboundPolicy,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let dial: ReturnType<OutboundPolicy['dialOptions']>;
    try {
      const { host, port } = urlHostPort(url);
      dial = outbound.dialOptions(host, port);
    } catch (err) {
      reject(err);
      return;
    }
    const maxBytes = init.maxBytes ?? MAX_ANSWER_BYTES;
    const headers = { ...init.headers };
    const body = init.body;
    if (typeof body === 'string' || Buffer.isBuffer(body))
      headers['content-length'] = String(Buffer.byteLength(body));
    let settled = false;
    const settle = (outcome: { answer: HttpAnswer } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if ('answer' in outcome) resolve(outcome.answer);
      else {
        reject(outcome.error);
        // The connection is dropped, not kept: the rest of the answer is not wanted.
        req.destroy();
      }
    };
    const tooLong = () => new Error(`${url.origin} answered with more than ${maxBytes} bytes`);
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: init.method, headers, agent: init.agent ?? false, ...dial },
      (res) => {
        // A HEAD's content-length is the resource's size: no body follows it.
        if (init.method !== 'HEAD' && Number(res.headers['content-length']) > maxBytes) {
          settle({ error: tooLong() });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) settle({ error: tooLong() });
          else chunks.push(c);
        });
        res.on('end', () =>
          settle({
            answer: {
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
            },
          }),
        );
        res.on('error', (error) => settle({ error }));
      },
    );
    const deadline = setTimeout(
      () => settle({ error: new Error(`${url.origin} did not answer within ${init.timeoutMs} ms`) }),
      init.timeoutMs,
    );
    req.on('error', (error) => settle({ error }));
    if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    else
      pipeline(body, req, (err) => {
        if (err) settle({ error: err });
      });
  });
}
