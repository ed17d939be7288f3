import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { refuseWhileClosing } from './client-error.js';

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
