import { once } from 'node:events';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { until } from '@stowage/test-support/wait';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../observe/logger.js';
import { ApiError } from '../wire/errors.js';
import { emptyReply, xmlReply } from '../wire/reply.js';
import { el } from '../wire/xml-writer.js';
import { passThrough, readAll } from './body.js';
import { IDLE_TIMEOUT_MS } from './deadlines.js';
import { createHttpServer, type Protocol } from './server.js';

// The deadlines on a real node:http server, with a stand-in protocol whose handler reads the
// body (after `holdBodyMs`) and answers with its length (after `workMs`).

// Long enough that a busy test machine's pauses stay well inside it.
const IDLE = 1000;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(opts: { holdBodyMs?: number; workMs?: number } = {}): Promise<number> {
  const protocol: Protocol = {
    async handle(ctx) {
      if (opts.holdBodyMs) await sleep(opts.holdBodyMs);
      const body = await readAll(passThrough(ctx.req), 1 << 24, new ApiError('EntityTooLarge'));
      if (opts.workMs) await sleep(opts.workMs);
      return emptyReply(200, { 'x-length': String(body.length) });
    },
    errorReply: (err) => xmlReply(el('Error', el('Code', err.code)), err.status),
  };
  const server = createHttpServer(
    { select: () => protocol, mapError: () => undefined, log: silentLogger },
    { idleTimeoutMs: IDLE },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  close = () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections());
  return (server.address() as AddressInfo).port;
}

/** A raw connection: what the server sent, and whether it closed the connection. */
function client(port: number): { socket: Socket; text: () => string; closed: Promise<void> } {
  const socket = connect({ host: '127.0.0.1', port });
  const received: Buffer[] = [];
  socket.on('data', (d: Buffer) => received.push(d));
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => {});
  return { socket, text: () => Buffer.concat(received).toString('latin1'), closed };
}

const head = (length: number) => `PUT /b/k HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${length}\r\n\r\n`;

/** Waits for a response head, or the connection's end. */
async function answered(c: ReturnType<typeof client>): Promise<void> {
  let ended = false;
  void c.closed.then(() => {
    ended = true;
  });
  await until(() => ended || c.text().includes('\r\n\r\n'), { timeout: 10_000, interval: 50 });
}

/** Resolves true when `p` settles within `ms`. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), sleep(ms).then(() => false)]);

describe('connection deadlines', () => {
  it('has no limit on a whole request, and cuts quiet connections after 30 s by default', () => {
    const server = createHttpServer({
      select: () => ({}) as Protocol,
      mapError: () => undefined,
      log: silentLogger,
    });
    // Node's default requestTimeout (300 s for a request, body included) would cut long uploads.
    expect([server.requestTimeout, server.timeout]).toEqual([0, IDLE_TIMEOUT_MS]);
    expect(IDLE_TIMEOUT_MS).toBe(30_000);
  });

  it('a body that keeps arriving, for longer than the idle timeout in all, is read whole', async () => {
    const c = client(await serve());
    c.socket.write(head(25 * 1000));
    for (let i = 0; i < 25; i++) {
      await sleep(IDLE / 10);
      c.socket.write(Buffer.alloc(1000, i));
    }
    await answered(c);
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.text()).toContain('x-length: 25000');
    c.socket.destroy();
  });

  it('a body that stops arriving: 400 RequestTimeout, and the connection closes', async () => {
    const c = client(await serve());
    c.socket.write(head(1000));
    c.socket.write(Buffer.alloc(400));
    expect(await within(c.closed, IDLE * 8)).toBe(true);
    expect(c.text()).toMatch(/^HTTP\/1\.1 400 /);
    expect(c.text()).toContain('<Code>RequestTimeout</Code>');
    expect(c.text()).toMatch(/connection: close/i);
  });

  it('a body the store holds back (no reader yet) is not the client stalling', async () => {
    const c = client(await serve({ holdBodyMs: IDLE * 2.5 }));
    c.socket.write(head(1000));
    c.socket.write(Buffer.alloc(1000));
    await answered(c);
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.text()).toContain('x-length: 1000');
    c.socket.destroy();
  });

  it('a client waiting for 100 Continue while the store works on the head is not stalling', async () => {
    const c = client(await serve({ holdBodyMs: IDLE * 2.5 }));
    c.socket.write(head(1000).replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n'));
    await until(() => c.text().includes('\r\n\r\n'), { timeout: 5000, interval: 50 });
    expect(c.text()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    c.socket.write(Buffer.alloc(1000));
    await until(() => c.text().includes('x-length'), { timeout: 5000, interval: 50 });
    expect(c.text()).toContain('HTTP/1.1 200 ');
    expect(c.text()).toContain('x-length: 1000');
    c.socket.destroy();
  });

  it('a request the store is still working on is not cut', async () => {
    const c = client(await serve({ workMs: IDLE * 2.5 }));
    c.socket.write(`${head(10)}0123456789`);
    await answered(c);
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 /);
    c.socket.destroy();
  });

  it('a request head that stops halfway, or no request at all: the connection closes', async () => {
    const port = await serve();
    const half = client(port);
    half.socket.write('PUT /b/k HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const idle = client(port);
    expect(await within(Promise.all([half.closed, idle.closed]), IDLE * 8)).toBe(true);
    expect(half.text()).toBe('');
  });
});
