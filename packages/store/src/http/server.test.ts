import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { Readable } from 'node:stream';
import { until } from '@stowage/test-support/wait';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bus, type HttpTrace } from '../observe/bus.js';
import { createLogger, type LogEntry } from '../observe/logger.js';
import { RequestMetrics } from '../observe/metrics.js';
import { ApiError } from '../wire/errors.js';
import { emptyReply, type Reply, xmlReply } from '../wire/reply.js';
import { el } from '../wire/xml-writer.js';
import type { RequestContext } from './context.js';
import { createHttpServer } from './server.js';

// The server's own records of a request, on a real node:http server with a stand-in protocol:
// what the trace measures, and what the log says of failures (with the request's context).

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handle: (ctx: RequestContext) => Promise<Reply>, metrics?: RequestMetrics) {
  const trace = new Bus<HttpTrace>();
  const traces: HttpTrace[] = [];
  trace.subscribe((t) => traces.push(t));
  const entries: LogEntry[] = [];
  const server = createHttpServer({
    select: () => ({
      handle: async (ctx) => {
        ctx.api = 's3.GetObject';
        ctx.bucket = 'b';
        ctx.object = 'k';
        return handle(ctx);
      },
      errorReply: (err) => xmlReply(el('Error', el('Code', err.code)), err.status),
    }),
    mapError: () => undefined,
    log: createLogger((e) => entries.push(e)),
    trace,
    ...(metrics ? { metrics } : {}),
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  close = () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections());
  return { port: (server.address() as AddressInfo).port, traces, entries };
}

/** One GET on a raw connection; `onData` sees each piece of the answer as it arrives. */
function get(port: number, onData: (text: string) => void = () => {}): Promise<string> {
  const socket = connect({ host: '127.0.0.1', port });
  let text = '';
  socket.on('data', (d: Buffer) => {
    text += d.toString('latin1');
    onData(text);
  });
  socket.on('error', () => {});
  socket.write(
    'GET /b/k HTTP/1.1\r\nHost: store.test\r\nUser-Agent: ttfb-test/1.0\r\nConnection: close\r\n\r\n',
  );
  return once(socket, 'close').then(() => text);
}

describe('time to first byte', () => {
  it('is the time to the first byte of a body, before the rest is sent', async () => {
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    // The rest of the body goes only once the client has the first part: the first byte went
    // out strictly before the answer ended.
    async function* body() {
      yield Buffer.from('first;');
      await arrived;
      yield Buffer.from('rest');
    }
    const s = await serve(async () => ({
      status: 200,
      body: { type: 'stream', value: Readable.from(body()) },
    }));
    const text = await get(s.port, (t) => {
      if (t.includes('first;')) firstArrived();
    });
    expect(text).toMatch(/first;.*rest/s);
    await until(() => s.traces.length > 0);
    const [t] = s.traces;
    expect(t!.ttfbNs).toBeGreaterThan(0);
    expect(t!.ttfbNs).toBeLessThan(t!.durationNs);
  });

  it('is the time to the head of an answer without a body', async () => {
    const s = await serve(async () => emptyReply(204));
    await get(s.port);
    await until(() => s.traces.length > 0);
    const [t] = s.traces;
    expect(t!.status).toBe(204);
    expect(t!.ttfbNs).toBeGreaterThan(0);
    expect(t!.ttfbNs).toBeLessThanOrEqual(t!.durationNs);
  });
});

describe("the log of a request's failures", () => {
  it('an unexpected error: logged with the request and where it was thrown, the client told 500', async () => {
    const s = await serve(async () => {
      throw new TypeError('cannot read the frobnicator');
    });
    const text = await get(s.port);
    expect(text).toMatch(/^HTTP\/1.1 500/);
    const requestId = /X-Amz-Request-Id: (\w+)/i.exec(text)![1];
    expect(s.entries).toHaveLength(1);
    expect(s.entries[0]).toMatchObject({
      level: 'ERROR',
      message: 'internal error',
      request: {
        api: 'GetObject',
        requestId,
        remoteHost: '127.0.0.1',
        host: 'store.test',
        userAgent: 'ttfb-test/1.0',
        bucket: 'b',
        object: 'k',
      },
      error: { message: 'cannot read the frobnicator (TypeError)' },
    });
    expect(s.entries[0]!.error!.source[0]).toMatch(
      /packages\/store\/src\/http\/server\.test\.ts:\d+:.+\(\)$/,
    );
  });

  it("a catalogue error the server is to blame for is logged; the client's and throttling are not", async () => {
    const errors = [new ApiError('SlowDownRead'), new ApiError('NoSuchKey'), new ApiError('SlowDown')];
    const s = await serve(async () => {
      throw errors.shift();
    });
    for (const status of [503, 404, 503])
      expect(await get(s.port)).toMatch(new RegExp(`^HTTP/1.1 ${status}`));
    expect(s.entries.map((e) => [e.level, e.message])).toEqual([
      ['ERROR', 'Resource requested is unreadable, please reduce your request rate'],
    ]);
  });

  it('a body that fails once its head went out: the connection is cut and the log says why', async () => {
    async function* body() {
      yield Buffer.from('part;');
      throw new Error('read quorum lost');
    }
    const s = await serve(async () => ({
      status: 200,
      body: { type: 'stream', value: Readable.from(body()) },
    }));
    const text = await get(s.port);
    expect(text).toMatch(/^HTTP\/1.1 200/);
    expect(text).not.toMatch(/0\r\n\r\n$/); // no chunked end: the client sees the answer cut
    expect(s.entries).toMatchObject([
      {
        level: 'ERROR',
        message: 'response cut short',
        request: { api: 'GetObject', userAgent: 'ttfb-test/1.0' },
        error: { message: 'read quorum lost' },
      },
    ]);
  });
});

describe('requests in flight', () => {
  it('counts a request until its handler is done, though its client went away before', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let clientGone!: () => void;
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    const metrics = new RequestMetrics();
    const s = await serve(async (ctx) => {
      ctx.req.socket.once('close', clientGone);
      socket.destroy();
      await held;
      return emptyReply(204);
    }, metrics);
    const socket = connect({ host: '127.0.0.1', port: s.port });
    socket.on('error', () => {});
    socket.write('GET /b/k HTTP/1.1\r\nHost: store.test\r\n\r\n');
    await gone;
    // The server has seen the connection close; the handler still runs.
    expect([metrics.inflight, s.traces.length]).toEqual([1, 0]);
    release();
    await vi.waitFor(() => expect(s.traces).toHaveLength(1));
    expect(metrics.inflight).toBe(0);
    expect(metrics.byApi.get('s3.GetObject')?.requests).toBe(1);
  });
});
