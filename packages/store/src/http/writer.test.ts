import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from './context.js';
import type { Reply } from './reply.js';
import { headerValue, writeReply } from './writer.js';

describe('headerValue', () => {
  it('sends text beyond Latin-1 as UTF-8 bytes and drops control characters', () => {
    expect(headerValue('attachment; filename="a.txt"')).toBe('attachment; filename="a.txt"');
    expect(Buffer.from(headerValue('☃'), 'latin1').toString('utf8')).toBe('☃');
    expect(headerValue('a\r\nSet-Cookie: x')).toBe('a  Set-Cookie: x');
    expect(headerValue('tab\tkept')).toBe('tab\tkept');
  });
});

describe('writeReply', () => {
  it('sends a UTF-8 Content-Disposition with a bytes body (Content-Length goes last)', async () => {
    const reply: Reply = {
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="☃.txt"', 'Content-Length': '2' },
      body: { type: 'bytes', value: Buffer.from('ok') },
    };
    const server = createServer((_req, res) => {
      void writeReply(res, { method: 'GET', requestId: 'R' } as RequestContext, reply);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const got = await new Promise<{ disposition: string; body: string }>((resolve, reject) =>
      get({ host: '127.0.0.1', port }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            disposition: Buffer.from(String(res.headers['content-disposition']), 'latin1').toString('utf8'),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      }).on('error', reject),
    );
    server.close();
    expect(got).toEqual({ disposition: 'attachment; filename="☃.txt"', body: 'ok' });
  });
});
