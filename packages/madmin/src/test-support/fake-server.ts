import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  canonicalHeaders,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  parseAuthorization,
  signature,
  stringToSign,
} from '../sigv4.js';

export interface CapturedRequest {
  method: string;
  /** Raw request target, e.g. /minio/admin/v3/list-users?x=1 */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface FakeServer {
  endpoint: string;
  requests: CapturedRequest[];
  reply(fn: (req: CapturedRequest) => FakeReply | Promise<FakeReply>): void;
  close(): Promise<void>;
}

/** A throwaway HTTP endpoint on 127.0.0.1 that records requests and answers as told. */
export async function startFakeServer(): Promise<FakeServer> {
  const requests: CapturedRequest[] = [];
  let handler: (req: CapturedRequest) => FakeReply | Promise<FakeReply> = () => ({ status: 200 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const captured = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(captured);
      Promise.resolve(handler(captured)).then(
        (r) => {
          res.writeHead(r.status, r.headers);
          res.end(r.body);
        },
        (err: unknown) => {
          res.writeHead(500);
          res.end(String(err));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    reply(fn) {
      handler = fn;
    },
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** Recomputes a header signature from what arrived, the way a server verifies it. */
export function verifySignature(req: CapturedRequest, secretKey: string, payloadHash: string): boolean {
  const auth = parseAuthorization(String(req.headers.authorization ?? ''));
  if (!auth) return false;
  const url = new URL(req.url, 'http://placeholder');
  const headers: Record<string, string | string[] | undefined> = { ...req.headers };
  const creq = canonicalRequest({
    method: req.method,
    canonicalUri: canonicalUri(decodeURIComponent(url.pathname)),
    canonicalQuery: canonicalQuery([...url.searchParams]),
    canonicalHeaders: canonicalHeaders(headers, auth.signedHeaders),
    signedHeaders: auth.signedHeaders,
    payloadHash,
  });
  const date = String(req.headers['x-amz-date'] ?? '');
  return signature(secretKey, auth.scope, stringToSign(date, auth.scope, creq)) === auth.signature;
}
