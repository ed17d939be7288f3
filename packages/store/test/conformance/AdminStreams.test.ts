import { createHmac } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { availableParallelism, hostname, totalmem } from 'node:os';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { type LogInfo, MadminClient, type TraceInfo } from '@stowage/madmin';
import { ROOT, rawRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOffset, shardOn } from '../../src/engine/erasure/distribution.js';
import { objectDir } from '../../src/engine/fs/layout.js';
import { getThroughBitrot } from '../support/bitrot-get.js';
import { code } from '../support/outcome.js';

// The trace and console-log streams (madmin-protocol.md §3.8) read through packages/madmin
// as async iterables, cancelled by an AbortSignal.

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(() => t.close());

interface StreamOpts {
  signal: AbortSignal;
  onOpen: () => void;
}

/**
 * What a stream yields until `enough` holds of it (or 5 s pass, `within` for a check that
 * nothing comes): `act` runs once the server has accepted the stream.
 */
async function collect<T>(
  open: (opts: StreamOpts) => AsyncGenerator<T>,
  enough: (got: T[]) => boolean,
  act: () => Promise<unknown> = async () => {},
  within = 5000,
): Promise<T[]> {
  const ctl = new AbortController();
  const got: T[] = [];
  let opened!: () => void;
  const open_ = new Promise<void>((resolve) => (opened = resolve));
  const reading = (async () => {
    for await (const item of open({ signal: ctl.signal, onOpen: opened })) {
      got.push(item);
      if (enough(got)) ctl.abort();
    }
  })();
  await Promise.race([open_, reading]);
  await act();
  const timeout = setTimeout(() => ctl.abort(), within);
  await reading;
  clearTimeout(timeout);
  return got;
}

const atLeast =
  (n: number) =>
  <T>(got: T[]) =>
    got.length >= n;

const customerKey = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: Buffer.alloc(32, 7).toString('base64'),
} as const;

describe('admin trace stream', () => {
  it('reports S3 requests as they are served, with secrets redacted, until cancelled', async () => {
    const traces = await collect<TraceInfo>(
      (o) => admin.trace(o),
      atLeast(3),
      async () => {
        await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'traced' }));
        await t.s3.send(
          new s3sdk.PutObjectCommand({ Bucket: 'traced', Key: 'k', Body: 'hello', ...customerKey }),
        );
        const got = await t.s3.send(
          new s3sdk.GetObjectCommand({ Bucket: 'traced', Key: 'k', ...customerKey }),
        );
        await got.Body?.transformToString();
      },
    );
    expect(traces.map((x) => [x.funcname, x.http?.request.method, x.http?.response.statuscode])).toEqual([
      ['s3.CreateBucket', 'PUT', 200],
      ['s3.PutObject', 'PUT', 200],
      ['s3.GetObject', 'GET', 200],
    ]);
    // what was sent: the body's length and the answer's headers
    const get = traces[2]!;
    expect(get.http?.stats.outputbytes).toBe(5);
    expect(get.http?.response.headers['Content-Length']).toEqual(['5']);
    const put = traces[1]!;
    expect(put).toMatchObject({ type: 4, path: '/traced/k', http: { stats: { inputbytes: 5 } } });
    expect(put.dur).toBeGreaterThan(0);
    expect(put.http?.request.headers.authorization).toEqual(['*REDACTED*']);
    // An SSE-C key is a secret too: the trace shows its MD5, never the key.
    expect(put.http?.request.headers['x-amz-server-side-encryption-customer-key']).toEqual(['*REDACTED*']);
    expect(JSON.stringify(traces)).not.toContain(customerKey.SSECustomerKey);
    expect(put.http?.request.headers['x-amz-server-side-encryption-customer-key-md5']?.[0]).toMatch(/==$/);
  });

  it("redacts presigned URLs' signatures in the traced query, V2 and V4", async () => {
    const expires = String(Math.floor(Date.now() / 1000) + 600);
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'traced', Key: 'plain', Body: 'x' }));
    const v2 = createHmac('sha1', ROOT.secretKey)
      .update(`GET\n\n\n${expires}\n/traced/plain`)
      .digest('base64');
    const v2Path = `/traced/plain?AWSAccessKeyId=${ROOT.accessKey}&Expires=${expires}&Signature=${encodeURIComponent(v2)}`;
    const v4 = new URL(await t.minio.presignedGetObject('traced', 'plain', 600));
    // The V4 signature's name spelled with an escape: still its name.
    const v4Path = `${v4.pathname}${v4.search.replace('X-Amz-Signature', 'X-Amz-%53ignature')}`;
    const traces = await collect<TraceInfo>(
      (o) => admin.trace(o),
      atLeast(2),
      async () => {
        expect((await rawRequest(t.store.port, 'GET', v2Path)).status).toBe(200);
        expect((await rawRequest(t.store.port, 'GET', v4Path)).status).toBe(200);
      },
    );
    const queries = traces.map((x) => x.http?.request.rawquery ?? '');
    expect(queries[0]).toContain('Signature=*REDACTED*');
    expect(queries[1]).toContain('X-Amz-%53ignature=*REDACTED*');
    const text = JSON.stringify(traces);
    expect(text).not.toContain(encodeURIComponent(v2));
    expect(text).not.toContain(v4.searchParams.get('X-Amz-Signature'));
  });

  it('filters: errors only, and admin requests only when internal is asked for', async () => {
    const traces = await collect<TraceInfo>(
      (o) => admin.trace({ ...o, errorsOnly: true }),
      atLeast(1),
      async () => {
        await admin.serverInfo();
        await t.s3.send(new s3sdk.HeadBucketCommand({ Bucket: 'traced' }));
        await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'traced', Key: 'missing' })).catch(() => {});
      },
    );
    expect(traces.map((x) => [x.funcname, x.http?.response.statuscode])).toEqual([['s3.GetObject', 404]]);
  });

  it('answers at once and keeps an idle stream alive with single spaces', async () => {
    const ctl = new AbortController();
    const body = await admin.openStream({
      method: 'GET',
      path: '/trace',
      query: { s3: 'true' },
      expectStatus: 200,
      signal: ctl.signal,
    });
    const reader = body.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value ?? []).toString()).toBe(' ');
    const second = await reader.read();
    expect(Buffer.from(second.value ?? []).toString()).toBe(' ');
    ctl.abort();
    await reader.cancel().catch(() => {});
  });
});

describe('admin trace stream: storage and os calls', () => {
  const big = Buffer.alloc(300 * 1024, 7); // past the inline limit: shard files on every drive

  it('reports each drive call and file-system call of a bucket and an object, and no requests', async () => {
    // The listing is the last call: its walk of every drive ends what is awaited.
    const walkedAll = (got: TraceInfo[]) =>
      new Set(got.filter((x) => x.funcname === 'storage.WalkDir').map((x) => x.path.split(' ')[0])).size ===
      t.drives.length;
    const traces = await collect(
      (o) => admin.trace({ ...o, s3: false, storage: true, os: true }),
      walkedAll,
      async () => {
        await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'disk-traced' }));
        await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'disk-traced', Key: 'big', Body: big }));
        const got = await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'disk-traced', Key: 'big' }));
        await got.Body?.transformToByteArray();
        await t.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'disk-traced' }));
      },
    );
    expect(traces.every((x) => x.http === undefined)).toBe(true);
    const storage = traces.filter((x) => x.type === 2);
    const perDrive = (name: string) =>
      storage.filter((x) => x.funcname === `storage.${name}`).map((x) => x.path.split(' ')[0]);
    // One of each per drive, on each of the four drives, as MinIO's per-disk calls; a
    // healthy read opens the data shards alone (EC 2+2: the two drives the key's turn
    // gives shards 0 and 1).
    for (const name of ['MakeVol', 'CreateFile', 'WriteMetadata', 'WalkDir'])
      expect(new Set(perDrive(name)), name).toEqual(new Set(t.drives));
    const dataDrives = t.drives.filter((_, d) => shardOn(shardOffset('big', 4), d, 4) < 2);
    expect(new Set(perDrive('ReadFileStream'))).toEqual(new Set(dataDrives));
    const writes = storage.filter((x) => x.funcname === 'storage.WriteMetadata').map((x) => x.path);
    expect(new Set(writes)).toEqual(new Set(t.drives.map((d) => `${d} disk-traced big`)));
    expect(perDrive('ReadVersion').length).toBeGreaterThanOrEqual(4);
    const os = traces.filter((x) => x.type === 1).map((x) => x.funcname);
    expect(os).toEqual(expect.arrayContaining(['os.OpenFileW', 'os.Fdatasync', 'os.Rename', 'os.OpenFileR']));
    const rename = traces.find((x) => x.funcname === 'os.Rename')!;
    expect(rename.path).toMatch(/^\/.+ -> \/.+$/);
    expect(traces.every((x) => x.dur >= 0 && x.nodename !== '')).toBe(true);
  });

  it('storage alone, and only failed calls when errors are asked for', async () => {
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'disk-traced', Key: 'hurt', Body: big }));
    // The drive with data shard 0 loses its shard files: the read still succeeds, its open of
    // that shard fails.
    const hurt = t.drives.findIndex((_, d) => shardOn(shardOffset('hurt', 4), d, 4) === 0);
    await rm(objectDir(t.drives[hurt]!, 'disk-traced', 'hurt'), { recursive: true, force: true });
    const traces = await collect(
      (o) => admin.trace({ ...o, s3: false, storage: true, errorsOnly: true }),
      atLeast(1),
      async () => {
        const got = await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'disk-traced', Key: 'hurt' }));
        expect((await got.Body!.transformToByteArray()).length).toBe(big.length);
      },
    );
    expect(traces.map((x) => [x.type, x.funcname, x.path.split(' ')[0]])).toEqual([
      [2, 'storage.ReadFileStream', t.drives[hurt]],
    ]);
    expect(traces[0]?.error).toMatch(/ENOENT/);
  });
});

describe('admin console-log stream', () => {
  it('sends recent lines first, then live ones', async () => {
    // The GET above that met a lost shard logged an error since: the last INFO entry is the start's.
    const lines = await collect<LogInfo>((o) => admin.logs({ ...o, limit: 1, logType: 'INFO' }), atLeast(1));
    expect(lines[0]).toMatchObject({ level: 'INFO', errKind: 'MINIO' });
    expect(lines[0]?.ConsoleMsg).toMatch(/store listening on/);
  });

  it("logs a GET's bitrot with the GET's request id, API, client, user agent and the source", async () => {
    const requestId = await getThroughBitrot(t, 'logged', 'rotten');
    const entry = await logEntryOf(requestId, 'ERROR');
    expect(entry).toMatchObject({
      level: 'ERROR',
      errKind: 'MINIO',
      requestID: requestId,
      api: { name: 'GetObject', args: { bucket: 'logged', object: 'rotten' } },
      remotehost: '127.0.0.1',
      host: new URL(t.store.url).host,
      node: new URL(t.store.url).host,
      userAgent: expect.stringContaining('aws-sdk-js'),
      message: expect.stringMatching(/logged\/rotten: content hash does not match \(bitrot\)/),
      error: { message: expect.stringMatching(/content hash does not match/) },
    });
    expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Where it was logged, as MinIO's file:line:function() frames, from the repository's root.
    expect(entry.error?.source?.[0]).toMatch(
      /^packages\/store\/(src|dist)\/engine\/erasure\/objects\.[jt]s:\d+:.+\(\)$/,
    );
  });

  it('sends the entries of the level asked for, the history counted among them', async () => {
    const info = await recent('INFO', 5, (got) => got.some((l) => /store listening on/.test(l.ConsoleMsg)));
    expect(info.map((l) => l.level)).toEqual(info.map(() => 'INFO'));
    expect(info.some((l) => /store listening on/.test(l.ConsoleMsg))).toBe(true);
    const errors = await recent('ERROR', 1, atLeast(1));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 'ERROR', api: { name: 'GetObject' } });
    // madmin 2's kinds: everything here is MINIO, nothing APPLICATION.
    expect((await recent('MINIO', 2, atLeast(2))).length).toBe(2);
    // A check that nothing comes: the stream is read for 300 ms.
    const none = () => false;
    expect(
      await collect((o) => admin.logs({ ...o, limit: 5, logType: 'APPLICATION' }), none, undefined, 300),
    ).toEqual([]);
  });

  it('needs admin:ConsoleLog', async () => {
    await admin.users.add('peeker', 'peeker-secret-1');
    const res = await rawRequest(t.store.port, 'GET', '/minio/admin/v3/log');
    expect(res.status).toBe(403);
  });
});

type LogType = NonNullable<Parameters<MadminClient['logs']>[0]>['logType'];

/** The history the console-log stream sends first, of one log type, until `enough` holds of it. */
function recent(logType: LogType, limit: number, enough: (got: LogInfo[]) => boolean): Promise<LogInfo[]> {
  return collect((o) => admin.logs({ ...o, limit, logType }), enough);
}

/** The entry of one request among the recent ones of a log type. */
async function logEntryOf(requestId: string, logType: 'ERROR' | 'ALL'): Promise<LogInfo> {
  const mine = (l: LogInfo) => l.requestID === requestId;
  const entry = (await recent(logType, 100, (got) => got.some(mine))).find(mine);
  if (!entry) throw new Error(`no log entry of request ${requestId}`);
  return entry;
}

describe('admin health info stream', () => {
  it('answers with a version 3 snapshot holding the server info', async () => {
    const snapshots = [];
    for await (const s of admin.healthInfo({ deadline: '5s' })) snapshots.push(s);
    // A first snapshot names the version; the last one is complete.
    expect(snapshots).toHaveLength(2);
    expect(snapshots[0]?.version).toBe('3');
    expect(snapshots[1]).toMatchObject({ version: '3', minio: { info: { mode: 'online' } } });
    expect(snapshots[1]?.minio?.info?.servers).toHaveLength(1);
    // The system part, read from this machine as madmin's collectors read it.
    const sys = snapshots[1]?.sys as Record<string, { addr: string; [k: string]: unknown }[]>;
    const cpus = sys.cpus![0]!.cpus as { cores: number; model_name: string }[];
    expect(cpus.reduce((n, c) => n + c.cores, 0)).toBe(availableParallelism());
    const parts = sys.partitions![0]!.partitions as { space_total: number; space_free: number }[];
    expect(parts.length).toBeGreaterThan(0);
    expect(parts[0]!.space_total).toBeGreaterThan(parts[0]!.space_free);
    expect(sys.meminfo![0]).toMatchObject({ total: totalmem() });
    expect((sys.osinfo![0]!.info as { hostname: string }).hostname).toBe(hostname());
    expect(sys.procinfo![0]).toMatchObject({ pid: process.pid, is_running: true });
  });

  it('carries the server configuration with its secrets redacted', async () => {
    await admin.config.setKV('logger_webhook:ops endpoint=http://127.0.0.1:9/log auth_token=hush-hush');
    let config: Record<string, Record<string, { key: string; value: string }[]>> = {};
    for await (const s of admin.healthInfo({ deadline: '5s' })) config = s.minio?.config?.config ?? config;
    const ops = Object.fromEntries(config.logger_webhook!.ops!.map((kv) => [kv.key, kv.value]));
    expect(ops).toMatchObject({ endpoint: 'http://127.0.0.1:9/log', auth_token: '*redacted*' });
    expect(JSON.stringify(config)).not.toContain('hush-hush');
    await admin.config.delKV('logger_webhook:ops');
  });

  it('collects only the parts asked for', async () => {
    const body = await admin.openStream({
      method: 'GET',
      path: '/healthinfo',
      query: { deadline: '5s', sysmem: 'true' },
    });
    const last = (await new Response(body).text()).trim().split('\n').at(-1)!;
    const snapshot = JSON.parse(last) as { sys: Record<string, unknown>; minio: Record<string, unknown> };
    expect(Object.keys(snapshot.sys).sort()).toEqual(['kubernetes', 'meminfo']);
    expect(snapshot.minio).toEqual({});
    const withConfig = await admin.openStream({
      method: 'GET',
      path: '/healthinfo',
      query: { deadline: '5s', minioconfig: 'true' },
    });
    const lastWithConfig = (await new Response(withConfig).text()).trim().split('\n').at(-1)!;
    expect(Object.keys(JSON.parse(lastWithConfig).minio)).toEqual(['config']);
  });

  it('fills each remaining part when asked: interfaces, set-up errors, services, system config, drive checks', async () => {
    const part = async (type: string) => {
      const body = await admin.openStream({
        method: 'GET',
        path: '/healthinfo',
        query: { deadline: '20s', [type]: 'true' },
      });
      return JSON.parse((await new Response(body).text()).trim().split('\n').at(-1)!) as {
        sys: Record<string, Record<string, unknown>[]>;
        perf?: { drive: { endpoint: string; drivePerf: Record<string, unknown>[] }[] };
        error?: string;
      };
    };
    const net = await part('sysnet');
    expect(net.sys.netinfo!.map((n) => n.interface)).toContain('lo');
    expect(net.perf).toBeUndefined();
    expect((await part('syserrors')).sys.errors).toEqual([
      expect.objectContaining({ addr: expect.any(String) }),
    ]);
    expect((await part('sysservices')).sys.services![0]!.services).toEqual([
      { name: 'selinux', status: expect.any(String) },
    ]);
    const config = (await part('sysconfig')).sys.config![0]!.config as Record<string, unknown>;
    expect(config['rlimit-max']).toBeGreaterThan(0);
    expect(config['time-info']).toMatchObject({
      time_zone: expect.any(String),
      current_time: expect.any(String),
    });
    // The drive checks come with the drives' part, one figure pair per drive, and leave nothing behind.
    const drives = await part('sysdrivehw');
    expect(drives.error).toBeUndefined();
    expect(drives.sys.partitions).toHaveLength(1);
    const checked = drives.perf!.drive[0]!.drivePerf;
    expect(checked.map((d) => d.path)).toEqual(t.drives);
    for (const d of checked) {
      expect(d.writeThroughput).toBeGreaterThan(0);
      expect(d.readThroughput).toBeGreaterThan(0);
    }
    for (const d of t.drives)
      expect((await readdir(join(d, '.stowage.sys/tmp'))).filter((f) => f.startsWith('speedtest-'))).toEqual(
        [],
      );
  });

  it("sends what it has, with MinIO's error, when the deadline passes; refuses a deadline that is no duration", async () => {
    const body = await admin.openStream({
      method: 'GET',
      path: '/healthinfo',
      query: { deadline: '0s', sysdrivehw: 'true' },
    });
    const last = JSON.parse((await new Response(body).text()).trim().split('\n').at(-1)!);
    expect(last).toMatchObject({ version: '3', error: 'context deadline exceeded' });
    // The client keeps such a report (as mc does): only an error in the version check fails it.
    const snapshots = [];
    for await (const s of admin.healthInfo({ deadline: '0s' })) snapshots.push(s);
    expect(snapshots.at(-1)).toMatchObject({ version: '3', error: 'context deadline exceeded' });
    expect(
      await code(
        admin.openStream({ method: 'GET', path: '/healthinfo', query: { deadline: 'soon', sysmem: 'true' } }),
      ),
    ).toBe('400 InvalidArgument');
  });

  it("leaves only whitespace within madmin's first 512-byte read after the version object", async () => {
    // madmin-go's ServerHealthInfo decodes the version with a decoder it then drops, losing
    // whatever else that decoder's first read (up to 512 bytes) took.
    const body = await admin.openStream({
      method: 'GET',
      path: '/healthinfo',
      query: { deadline: '5s', minioinfo: 'true' },
    });
    const text = await new Response(body).text();
    const firstEnd = text.indexOf('}') + 1;
    expect(JSON.parse(text.slice(0, firstEnd)).version).toBe('3');
    expect(text.slice(firstEnd, 512)).toMatch(/^\s+$/);
    expect(JSON.parse(text.slice(512)).minio.info.mode).toBe('online');
  });
});
