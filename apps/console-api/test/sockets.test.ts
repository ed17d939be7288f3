import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { HealFrame, LogFrame, TraceFrame, WatchFrame } from '@stowage/contract';
import { corruptShard, driveWithShard, objectDir } from '@stowage/store/test-support';
import { GO_CACHE, goBuild } from '@stowage/test-support/go-build';
import { listening } from '@stowage/test-support/wait';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// The live streams over real WebSockets: the console listens on a port, a `ws` client opens
// the sockets with the session cookie, and the store behind it produces the events.

const run = promisify(execFile);
/** The Go madmin-go 2.0.7 program of the store's tests (GOPATH root), which checks a saved report. */
const COMPAT_GOPATH = new URL('../../../packages/store/test/madmin-compat/', import.meta.url).pathname;

let h: Harness;
let base: string;
let admin: LoggedIn;
let reader: LoggedIn;
const BODY = Buffer.alloc(300 * 1024, 7); // past the inline limit: shards are files

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  admin = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  const s3 = storeS3(h.storeUrl);
  await s3.makeBucket('streams');
  await s3.makeBucket('healme');
  for (const key of ['docs/a', 'docs/b']) await s3.putObject('healme', key, BODY);
  await callAs(h.app, admin, 'POST', '/users', {
    accessKey: 'reader',
    secretKey: 'reader-secret-1',
    groups: [],
    policies: ['readonly'],
  });
  reader = await loginAs(h.app, 'reader', 'reader-secret-1');
});
afterAll(() => h?.close());

interface Opened {
  ws: WebSocket;
  frames: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the frames once `done` holds for them (or rejects after a while). */
  until(done: (frames: unknown[]) => boolean): Promise<unknown[]>;
}

function open(
  path: string,
  who: LoggedIn | undefined,
  headers: Record<string, string> = {},
): Promise<Opened> {
  const ws = new WebSocket(`${base}${path}`, {
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });
  const frames: unknown[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const until = (done: (frames: unknown[]) => boolean) =>
    new Promise<unknown[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not there after ${frames.length} frames`)), 10_000);
      const check = () => {
        if (done(frames)) {
          clearTimeout(timer);
          resolve(frames);
        } else waiters.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames, closed, until }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () =>
        reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body })),
      );
    });
    ws.on('error', reject);
  });
}

/** A refused stream: the upgrade is accepted (a browser could not read an HTTP refusal) and
 *  closed at once with 1008 and the reason, no frame sent. */
async function refusal(path: string, who: LoggedIn | undefined, headers: Record<string, string> = {}) {
  const opened = await open(path, who, headers);
  const closed = await opened.closed;
  return { ...closed, frames: opened.frames.length };
}

describe('before the stream begins', () => {
  test('no session, a foreign page and a bad query are refused with 1008 and the reason', async () => {
    expect(await refusal('/ws/trace', undefined)).toEqual({
      code: 1008,
      reason: 'not logged in or the session expired: log in again',
      frames: 0,
    });
    expect(await refusal('/ws/trace', admin, { origin: 'https://evil.example' })).toEqual({
      code: 1008,
      reason: 'origin https://evil.example is not allowed: set --allowed-origins',
      frames: 0,
    });
    // the operator is told what was compared and what would allow it
    const warning = h.logs.find((line) => line.includes('https://evil.example'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({
      level: 40,
      origin: 'https://evil.example',
      comparedWith: base.replace('ws://', ''),
      msg: expect.stringMatching(/--allowed-origins \(STOWAGE_ALLOWED_ORIGINS\).*--trust-proxy/),
    });
    // a foreign page learns nothing about the session, even without one
    expect(await refusal('/ws/trace', undefined, { origin: 'https://evil.example' })).toMatchObject({
      reason: 'origin https://evil.example is not allowed: set --allowed-origins',
    });
    expect(await refusal('/ws/trace?calls=everything', admin)).toMatchObject({
      code: 1008,
      reason: expect.stringMatching(/^invalid request: query\/calls must match/),
    });
    expect(await refusal('/ws/watch/NOT_A_BUCKET', admin)).toMatchObject({ code: 1008 });
    expect(await refusal('/ws/health-info?deadline=forever', admin)).toMatchObject({ code: 1008 });
  });

  test("the console's own pages may open a stream, also through a proxy that drops the port", async () => {
    const own = await open('/ws/trace', admin, { origin: base.replace('ws:', 'http:') });
    own.ws.close();
    expect((await own.closed).code).toBe(1005);
    // nginx `proxy_set_header Host $host;`: the Host has no port, the page's origin has one
    const proxied = await open('/ws/trace', admin, {
      host: 'console.example',
      origin: 'https://console.example:8443',
    });
    proxied.ws.close();
    expect((await proxied.closed).code).toBe(1005);
    expect(
      await refusal('/ws/trace', admin, { host: 'console.example', origin: 'https://other.example' }),
    ).toMatchObject({
      code: 1008,
    });
  });

  test('a revoked session cannot open a stream', async () => {
    const gone = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    await callAs(h.app, gone, 'POST', '/logout');
    expect(await refusal('/ws/console', gone)).toMatchObject({ code: 1008 });
  });
});

describe('/ws/trace', () => {
  test('streams the calls the server serves, with every filter applied', async () => {
    const trace = await open('/ws/trace?calls=s3&path=streams&method=GET', admin);
    const s3 = storeS3(h.storeUrl);
    await s3.putObject('streams', 'traced', 'x');
    const get = () => s3.getObject('streams', 'traced').then((r) => r.resume());
    // The stream's own frames are the sign that the store traces for it: GETs until one comes.
    await listening(() => trace.frames.length > 0, get);
    const before = trace.frames.length;
    await s3.statObject('healme', 'docs/a'); // filtered out: another path
    await get();
    // In the store's order: a frame of the HEAD, were it let through, would come first.
    const frames = (await trace.until((all) => all.length > before)) as TraceFrame[];
    const frame = frames.find((f) => f.path === '/streams/traced' && f.method === 'GET');
    expect(frame).toMatchObject({
      statusCode: 200,
      statusMsg: 'OK',
      client: '127.0.0.1',
    });
    expect(frame?.api).toMatch(/GetObject/);
    expect(frame?.callStats.tx).toBe(1);
    expect(frame?.callStats.duration).toBeGreaterThan(0);
    // The full request and response reach the page, with no signature in them.
    const sent = Object.fromEntries(
      Object.entries(frame?.requestHeaders ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(sent.host).toHaveLength(1);
    expect(sent.authorization?.[0]).not.toMatch(/Signature=[0-9a-f]{64}/);
    expect(Object.keys(frame?.responseHeaders ?? {}).length).toBeGreaterThan(0);
    trace.ws.close();
    expect((await trace.closed).code).toBe(1005);
    const seen = trace.frames as TraceFrame[];
    expect(seen.every((f) => f.path.includes('streams') && f.method === 'GET')).toBe(true);
    expect(seen.some((f) => f.path.includes('healme'))).toBe(false);
  });

  test("a user without the server's trace right gets the server's refusal as the close reason", async () => {
    const trace = await open('/ws/trace', reader);
    const closed = await trace.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/Access Denied/i);
  });
});

describe('/ws/console', () => {
  test("sends the server's recent log lines first", async () => {
    expect((await callAs(h.app, admin, 'POST', '/service/restart')).statusCode).toBe(204);
    const log = await open('/ws/console', admin);
    const frames = (await log.until((all) => all.length > 0)) as LogFrame[];
    expect(frames.map((f) => f.ConsoleMsg).join('\n')).toContain('service restart requested');
    expect(frames[0]?.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    log.ws.close();
  });

  test("an error a request causes arrives live with the request's id, API, client and the source", async () => {
    const log = await open('/ws/console', admin);
    const s3 = storeS3(h.storeUrl);
    await s3.putObject('streams', 'rotten', BODY);
    await corruptShard(h.drives[driveWithShard(h.drives, 'streams', 'rotten', 0)]!, 'streams', 'rotten');
    const got = await s3.getObject('streams', 'rotten');
    // minio-js types the body as a Readable; it is the IncomingMessage, with the answer's headers.
    const requestId = String((got as IncomingMessage).headers['x-amz-request-id']);
    got.resume();
    await once(got, 'end');
    const frames = (await log.until((all) =>
      (all as LogFrame[]).some((f) => f.requestID === requestId),
    )) as LogFrame[];
    const entry = frames.find((f) => f.requestID === requestId);
    expect(entry).toMatchObject({
      level: 'ERROR',
      api: { name: 'GetObject', args: { bucket: 'streams', object: 'rotten' } },
      remotehost: '127.0.0.1',
      userAgent: expect.stringMatching(/MinIO/),
      message: expect.stringMatching(/streams\/rotten: content hash does not match \(bitrot\)/),
      error: { message: expect.stringMatching(/content hash does not match/) },
    });
    expect(entry?.error?.source?.[0]).toMatch(/engine\/erasure\/objects\.[jt]s:\d+:.+\(\)$/);
    log.ws.close();
  });
});

describe('/ws/watch/{bucket}', () => {
  test("streams the bucket's object events matching prefix and suffix", async () => {
    const watch = await open('/ws/watch/streams?prefix=in/&suffix=.txt&events=put,delete', admin);
    const s3 = storeS3(h.storeUrl);
    const probe = 'streams/in/probe.txt';
    const mine = (all: unknown[]) => (all as WatchFrame[]).filter((f) => f.Path !== probe);
    await listening(
      () => watch.frames.length > 0,
      () => s3.putObject('streams', 'in/probe.txt', 'p'),
    );
    await s3.putObject('streams', 'out/skip.txt', 'no');
    await s3.putObject('streams', 'in/skip.bin', 'no');
    await s3.putObject('streams', 'in/a file.txt', 'hello', 5, { 'x-amz-meta-colour': 'blue' });
    await s3.getObject('streams', 'in/a file.txt').then((r) => r.resume()); // not asked for
    await s3.removeObject('streams', 'in/a file.txt');
    const frames = mine(await watch.until((all) => mine(all).length >= 2));
    expect(frames.map((f) => [f.Type, f.Path, f.Size])).toEqual([
      ['s3:ObjectCreated:Put', 'streams/in/a file.txt', 5],
      ['s3:ObjectRemoved:Delete', 'streams/in/a file.txt', 0],
    ]);
    expect(frames[0]?.Time).toMatch(/^\d{4}-\d\d-\d\dT/);
    watch.ws.close();
  });

  test('a bucket that does not exist closes the stream with the reason', async () => {
    const watch = await open('/ws/watch/no-such-bucket', admin);
    const closed = await watch.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/bucket does not exist/i);
  });
});

describe('/ws/heal/{bucket}', () => {
  test("heals a drive's lost shards, reporting running totals until finished", async () => {
    await rm(objectDir(h.drives[1] ?? '', 'healme', 'docs/a'), { recursive: true, force: true });
    const heal = await open('/ws/heal/healme?prefix=docs/&recursive=yes', admin);
    const closed = await heal.closed;
    expect(closed.code).toBe(1000);
    const last = heal.frames.at(-1) as HealFrame;
    expect(last).toMatchObject({
      summary: 'finished',
      objectsScanned: 2,
      objectsHealed: 1,
      bytesScanned: 2 * BODY.length,
      healthBeforeCols: { Green: 2, Yellow: 1, Red: 0, Grey: 0 },
      healthAfterCols: { Green: 3, Yellow: 0, Red: 0, Grey: 0 },
    });
    expect(last.itemsScanned).toBe(3); // the bucket and two objects
    // the shards are back: a second run finds nothing to heal
    const again = await open('/ws/heal/healme?prefix=docs/&recursive=yes', admin);
    await again.closed;
    expect((again.frames.at(-1) as HealFrame).objectsHealed).toBe(0);
  });
});

describe('/ws/health-info', () => {
  test('sends one complete diagnostics document, then closes normally', async () => {
    const info = await open('/ws/health-info?deadline=30s', admin);
    const closed = await info.closed;
    expect(closed.code).toBe(1000);
    expect(info.frames).toHaveLength(1);
    expect(info.frames[0]).toMatchObject({
      version: '3',
      sys: expect.any(Object),
      minio: expect.any(Object),
    });
  });

  test("the frame, saved as the Download saves it, is a document madmin-go's HealthInfo reads whole", async () => {
    const info = await open('/ws/health-info?deadline=30s', admin);
    await info.closed;
    const dir = await mkdtemp(join(tmpdir(), 'stowage-diag-'));
    try {
      const file = join(dir, 'diagnostic.json');
      await writeFile(file, JSON.stringify(info.frames[0]));
      const binary = join(GO_CACHE, 'madmin-compat-console');
      await goBuild(join(COMPAT_GOPATH, 'src/compat'), COMPAT_GOPATH, binary);
      const { stdout } = await run(binary, ['healthdoc', file, ROOT.secretKey]).catch(
        (err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }),
      );
      expect(stdout.trim().split('\n')).toEqual([`ok health document ${file}`, '0 failed']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
