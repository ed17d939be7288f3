import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientError, refuseWhileClosing } from './client-error.js';

describe('refuseWhileClosing', () => {
  it('answers 503 XMinioServerNotInitialized, asks to retry, and closes the connection', async () => {
    const server = createServer((_req, res) => refuseWhileClosing(res)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      request(
        { port, host: '127.0.0.1', path: '/bucket/key', headers: { connection: 'keep-alive' } },
        resolve,
      )
        .on('error', reject)
        .end(),
    );
    let body = '';
    for await (const chunk of res) body += chunk;
    server.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers.connection).toBe('close');
    expect(body).toContain('<Code>XMinioServerNotInitialized</Code>');
  });
});

describe('clientError', () => {
  it('a request head that never completes gets RequestTimeout (400), then the connection closes', async () => {
    const server = createServer({ connectionsCheckingInterval: 50 }, () => {});
    server.headersTimeout = 200;
    server.on('clientError', clientError);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /bucket/key HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    await once(socket, 'close');
    server.close();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('<Code>RequestTimeout</Code>');
  });
});
