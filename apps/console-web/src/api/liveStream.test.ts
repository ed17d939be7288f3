// LiveStream against a real WebSocket server and client (ws; its client has the browser's
// WebSocket interface).
import { sockets } from '@stowage/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestSocket, startTestSocketServer, type TestSocketServer, until } from '../test/wsServer.js';
import { setBasePath } from './basePath.js';
import { KEEP_ALIVE_MESSAGE, LiveStream, socketUrl } from './liveStream.js';

/** Timers the test fires by hand: no test waits on the clock. */
class ManualTimers {
  private next = 1;
  readonly pending = new Map<number, { fn: () => void; ms: number }>();
  setTimer = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  };
  clearTimer = (id: unknown) => {
    this.pending.delete(id as number);
  };
  delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }
  /** Runs the timers due after `ms` (the ones scheduled with exactly that delay). */
  fire(ms: number): void {
    for (const [id, t] of [...this.pending]) {
      if (t.ms !== ms) continue;
      this.pending.delete(id);
      t.fn();
    }
  }
}

let server: TestSocketServer;
let url: string;
let timers: ManualTimers;

beforeEach(async () => {
  timers = new ManualTimers();
  server = await startTestSocketServer();
  url = `ws://${server.host}/ws/trace`;
});

afterEach(() => server.close());

function stream<F = { n: number }>(opts: { maxRows?: number; maxAttempts?: number } = {}) {
  return new LiveStream<F>({
    ...opts,
    createSocket: createTestSocket,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
}

const open = (s: LiveStream<unknown>) => until(() => s.getSnapshot().status === 'open', 'open');
const send = (n: number) => server.peers.at(-1)?.send(JSON.stringify({ n }));

describe('LiveStream against a real WebSocket server', () => {
  it('sends the keep-alive every 10 seconds while open', async () => {
    const s = stream();
    s.start(url);
    await open(s);
    expect(timers.delays()).toContain(10_000);
    timers.fire(10_000);
    await until(() => server.received.length === 1, 'first keep-alive');
    timers.fire(10_000);
    await until(() => server.received.length === 2, 'second keep-alive');
    expect(server.received).toEqual([KEEP_ALIVE_MESSAGE, KEEP_ALIVE_MESSAGE]);
    s.stop();
    expect(timers.pending.size).toBe(0);
  });

  it('reconnects with a doubling backoff after a lost connection', async () => {
    const s = stream();
    s.start(url);
    await open(s);
    server.peers[0]?.terminate(); // no close frame: the browser sees 1006
    await until(() => s.getSnapshot().status === 'reconnecting', 'reconnecting');
    expect(s.getSnapshot().end).toMatchObject({ kind: 'lost', code: 1006 });
    expect(s.getSnapshot().attempts).toBe(1);
    expect(timers.delays()).toEqual([1000]);
    timers.fire(1000);
    await open(s);
    expect(server.peers).toHaveLength(2);
    expect(s.getSnapshot().attempts).toBe(0);

    // The server is gone: each failed attempt waits twice as long as the one before.
    await server.close();
    await until(() => timers.delays().includes(1000), 'first retry');
    timers.fire(1000);
    await until(() => timers.delays().includes(2000), 'second retry');
    timers.fire(2000);
    await until(() => timers.delays().includes(4000), 'third retry');
    expect(s.getSnapshot()).toMatchObject({ status: 'reconnecting', attempts: 3 });
    s.stop();
    expect(s.getSnapshot().status).toBe('ended');
  });

  it('gives up after the last attempt', async () => {
    const s = stream({ maxAttempts: 1 });
    s.start(url.replace(/:\d+\//, ':1/')); // nothing listens on port 1
    await until(() => s.getSnapshot().status === 'reconnecting', 'first failure');
    timers.fire(1000);
    await until(() => s.getSnapshot().status === 'failed', 'gave up');
    expect(s.getSnapshot().end?.kind).toBe('lost');
    expect(timers.pending.size).toBe(0);
  });

  it.each([
    [1008, 'origin http://evil.example is not allowed', 'refused', 'failed'],
    [1011, 'Access Denied.', 'failed', 'failed'],
    [1000, '', 'complete', 'ended'],
  ] as const)('close %i ends the stream as %s without reconnecting', async (code, reason, kind, status) => {
    const s = stream();
    s.start(url);
    await open(s);
    server.peers[0]?.close(code, reason);
    await until(() => s.getSnapshot().status === status, status);
    expect(s.getSnapshot().end).toEqual({ kind, code, reason });
    expect(timers.pending.size).toBe(0);
    expect(server.peers).toHaveLength(1);
  });

  it('keeps at most maxRows frames, dropping the oldest and counting them', async () => {
    const s = stream({ maxRows: 10 });
    s.start(url);
    await open(s);
    for (let n = 0; n < 25; n++) send(n);
    await until(() => s.getSnapshot().received === 25, 'all frames');
    timers.fire(100);
    const snap = s.getSnapshot();
    expect(snap.rows.map((r) => r.n)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(snap.dropped).toBe(15);
  });

  it('batches frames: listeners hear once per flush, not once per frame', async () => {
    const s = stream();
    let renders = 0;
    s.subscribe(() => renders++);
    s.start(url);
    await open(s);
    renders = 0;
    for (let n = 0; n < 50; n++) send(n);
    await until(() => s.getSnapshot().received === 50, 'all frames');
    expect(s.getSnapshot().rows).toHaveLength(0);
    timers.fire(100);
    expect(s.getSnapshot().rows).toHaveLength(50);
    expect(renders).toBe(1);
  });

  it('pause holds new frames back and resume adds them without loss', async () => {
    const s = stream();
    s.start(url);
    await open(s);
    send(1);
    await until(() => s.getSnapshot().received === 1, 'frame 1');
    timers.fire(100);
    s.pause();
    for (let n = 2; n <= 6; n++) send(n);
    await until(() => s.getSnapshot().received === 6, 'frames while paused');
    timers.fire(100);
    expect(s.getSnapshot()).toMatchObject({ paused: true, pending: 5 });
    expect(s.getSnapshot().rows.map((r) => r.n)).toEqual([1]);
    s.resume();
    expect(s.getSnapshot()).toMatchObject({ paused: false, pending: 0 });
    expect(s.getSnapshot().rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('what arrived while paused is kept when the stream ends, and resume shows it', async () => {
    const s = stream();
    s.start(url);
    await open(s);
    s.pause();
    for (let n = 1; n <= 3; n++) send(n);
    await until(() => s.getSnapshot().received === 3, 'frames while paused');
    server.peers[0]?.close(1000);
    await until(() => s.getSnapshot().status === 'ended', 'the end');
    expect(s.getSnapshot()).toMatchObject({ paused: true, pending: 3, rows: [] });
    s.resume();
    expect(s.getSnapshot().rows.map((r) => r.n)).toEqual([1, 2, 3]);
  });

  it('ignores messages that are not JSON', async () => {
    const s = stream();
    s.start(url);
    await open(s);
    server.peers[0]?.send('not json');
    send(7);
    await until(() => s.getSnapshot().received === 1, 'the JSON frame');
    timers.fire(100);
    expect(s.getSnapshot().rows).toEqual([{ n: 7 }]);
  });
});

describe('socketUrl', () => {
  afterEach(() => setBasePath(''));

  it('follows the page protocol and base path, fills parameters and drops empty filters', () => {
    setBasePath('/stowage/');
    expect(
      socketUrl(
        sockets.watch,
        { bucket: 'photos' },
        { prefix: 'a b/', suffix: '' },
        { protocol: 'https:', host: 'console.example:8443' },
      ),
    ).toBe('wss://console.example:8443/stowage/ws/watch/photos?prefix=a+b%2F');
    setBasePath('');
    expect(socketUrl(sockets.trace, undefined, {}, { protocol: 'http:', host: 'h' })).toBe('ws://h/ws/trace');
  });
});
