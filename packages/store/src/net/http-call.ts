import { type Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { OutboundPolicy } from './outbound.js';

// One HTTP(S) request to a configured remote (a replication or tier endpoint, an
// Elasticsearch server), its answer read whole. Node's http client rather than fetch: it
// takes the outbound policy's lookup, so the address it connects to is the one checked.

export interface HttpAnswer {
  status: number;
  text: string;
}

/**
 * `agent`: where kept-alive connections wait for the next call; none (the default) opens a
 * connection per call. Never Node's global agent: a connection it kept could be handed to
 * a caller bound by another policy, unchecked.
 */
export function httpCall(
  url: URL,
  init: {
    method: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
    agent?: Agent;
  },
  outbound: OutboundPolicy,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    let dial: ReturnType<OutboundPolicy['dialOptions']>;
    try {
      dial = outbound.dialOptions(url.hostname, port);
    } catch (err) {
      reject(err);
      return;
    }
    const headers = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: init.method, headers, timeout: init.timeoutMs, agent: init.agent ?? false, ...dial },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url.origin} did not answer in time`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
