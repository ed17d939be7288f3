import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCall, MAX_ANSWER_BYTES } from './http-call.js';
import { OutboundPolicy } from './outbound.js';

// httpCall against a real HTTP server on 127.0.0.1 that answers slowly, at length, or
// briefly, as a remote it is pointed at may.

/** Writes `chunk` every `everyMs` until `total` bytes are sent or the client goes away. */
function dribble(res: ServerResponse, chunk: Buffer, everyMs: number, total: number): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= total) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(chunk);
    sent += chunk.length;
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/slow':
        // A byte every 200 ms for 6 s: never idle long enough for a socket timeout.
        res.writeHead(200, { 'content-type': 'text/plain' });
        dribble(res, Buffer.from('x'), 200, 30);
        break;
      case '/huge':
        // 16 MiB, chunked: no length announced.
        res.writeHead(200, { 'content-type': 'text/plain' });
        dribble(res, Buffer.alloc(64 * 1024, 'y'), 1, 16 * 1024 * 1024);
        break;
      case '/huge-announced':
        res.writeHead(200, { 'content-length': String(MAX_ANSWER_BYTES + 1) });
        dribble(res, Buffer.alloc(64 * 1024, 'z'), 1, MAX_ANSWER_BYTES + 1);
        break;
      default:
        res.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const outcome = (p: Promise<{ status: number; text: string }>) =>
  p.then(
    (a) => `${a.status} ${a.text.length} bytes`,
    (err: Error) => `failed: ${err.message}`,
  );

describe('httpCall', () => {
  it('reads a short answer whole', async () => {
    expect(
      await outcome(httpCall(new URL(`${base}/`), { method: 'GET', timeoutMs: 5000 }, OutboundPolicy.OPEN)),
    ).toBe('200 4 bytes');
  });

  it('gives up at its deadline on a remote that answers a byte at a time', async () => {
    expect(
      await outcome(
        httpCall(new URL(`${base}/slow`), { method: 'GET', timeoutMs: 1000 }, OutboundPolicy.OPEN),
      ),
    ).toBe(`failed: ${base} did not answer within 1000 ms`);
  });

  it('refuses an answer longer than its limit, announced or not', async () => {
    const call = (path: string, maxBytes?: number) =>
      outcome(
        httpCall(
          new URL(`${base}${path}`),
          { method: 'GET', timeoutMs: 60_000, ...(maxBytes ? { maxBytes } : {}) },
          OutboundPolicy.OPEN,
        ),
      );
    expect(await call('/huge')).toBe(`failed: ${base} answered with more than ${MAX_ANSWER_BYTES} bytes`);
    expect(await call('/huge-announced')).toBe(
      `failed: ${base} answered with more than ${MAX_ANSWER_BYTES} bytes`,
    );
    expect(await call('/', 3)).toBe(`failed: ${base} answered with more than 3 bytes`);
  });
});
