import { once } from 'node:events';
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lend, takeBuffer } from '../engine/buffer-pool.js';
import type { Reply } from '../wire/reply.js';
import type { RequestContext } from './context.js';
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

describe('writeReply with a streamed body', () => {
  const SIZE = 1 << 20;
  /** Serves `count` lent chunks of SIZE bytes (chunk i filled with i); resolves what writeReply did. */
  async function serve(count: number) {
    const lent: ArrayBuffer[] = [];
    let body: Readable | undefined;
    let written: Promise<void> | undefined;
    const server = createServer((_req, res) => {
      body = Readable.from(
        (function* () {
          for (let i = 0; i < count; i++) {
            const buffer = takeBuffer(SIZE);
            lent.push(buffer);
            yield lend(Buffer.from(buffer).fill(i), buffer);
          }
        })(),
        { objectMode: false },
      );
      const reply: Reply = {
        status: 200,
        headers: { 'Content-Length': String(count * SIZE) },
        body: { type: 'stream', value: body },
      };
      written = writeReply(res, { method: 'GET', requestId: 'R' } as RequestContext, reply);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: '127.0.0.1', port }, resolve).on('error', reject),
    );
    return { server, res, lent, written: () => written!, body: () => body! };
  }

  it('sends every byte with backpressure, and the lent buffers return to the pool once sent', async () => {
    const s = await serve(24);
    // The first and last byte of every chunk, wherever the client's reads split them.
    const seen: number[] = [];
    let bytes = 0;
    s.res.on('data', (c: Buffer) => {
      for (let at = bytes; at < bytes + c.length; at++)
        if (at % SIZE === 0 || at % SIZE === SIZE - 1) seen.push(c[at - bytes]!);
      bytes += c.length;
    });
    await once(s.res, 'end');
    await s.written();
    s.server.close();
    expect(bytes).toBe(24 * SIZE);
    expect(seen).toEqual(Array.from({ length: 48 }, (_, i) => i >> 1));
    // Sent one by one behind backpressure, the chunks reused the same few buffers.
    expect(new Set(s.lent).size).toBeLessThan(24);
    expect(s.lent).toContain(takeBuffer(SIZE));
  });

  it('stops, without hanging, when the client leaves mid-body', async () => {
    const s = await serve(64);
    await once(s.res, 'data');
    s.res.destroy();
    await s.written();
    s.server.close();
    expect(s.body().destroyed).toBe(true);
    expect(s.lent.length).toBeLessThan(64);
  });
});
