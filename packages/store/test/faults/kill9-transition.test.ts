import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, prometheusToken } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/notifications.js';
import { ROOT, rawRequest, startTestStore, type TestStore } from '../support/store.js';
import { buildStoreDist, rootClient } from './child.js';
import { pattern } from './support.js';

// kill -9 of the hot store while a transition is between its two halves: the tier has
// taken (and acknowledged) the whole copy, the version here is not yet released. After a
// restart the object must be whole here, read from here, and not marked transitioned; the
// copy on the tier is an orphan, and a new transition then completes.

const CHILD = fileURLToPath(new URL('./transition-child.mjs', import.meta.url));
let dir: string;
let cold: TestStore;
let gate: Server;
let gateUrl: string;
/**
 * Called when the tier has answered a PUT of transitioned data, before the hot store hears
 * it; true keeps the answer from the hot store.
 */
let onTierPut: (() => boolean) | undefined;
/** Called when the hot store reads tiered data; true leaves the read hanging. */
let onTierRead: (() => boolean) | undefined;
const children: ChildProcess[] = [];

function startChild(
  drives: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; lines: Interface }> {
  const child = spawn(process.execPath, [CHILD, ...drives], {
    env: {
      ...process.env,
      STOWAGE_ROOT_USER: ROOT.accessKey,
      STOWAGE_ROOT_PASSWORD: ROOT.secretKey,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`store exited with ${code}`)));
    lines.once('line', (url) => resolve({ child, url, lines }));
  });
}

beforeAll(async () => {
  buildStoreDist();
  dir = await mkdtemp(join(tmpdir(), 'stowage-kill9-transition-'));
  cold = await startTestStore();
  await cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'archive' }));
  // The tier's endpoint: a pass-through to the cold store that lets the test act between
  // the tier answering a data PUT and the hot store hearing the answer, and hold reads.
  const coldUrl = new URL(cold.store.url);
  gate = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/archive/tier/') && onTierRead?.()) return;
    const out = request(
      { host: coldUrl.hostname, port: coldUrl.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const dataPut =
          req.method === 'PUT' && req.url?.startsWith('/archive/tier/') && answer.statusCode === 200;
        if (dataPut && onTierPut?.()) {
          answer.resume();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((r) => gate.listen(0, '127.0.0.1', r));
  gateUrl = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  gate?.closeAllConnections();
  await new Promise<void>((r) => (gate ? gate.close(() => r()) : r()));
  await cold?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The tier COLD: bucket `archive` on the cold store, through the gate. */
const addGatedTier = (url: string) =>
  new MadminClient({ endpoint: url, credentials: ROOT }).tiers.add({
    Version: 'v1',
    Type: 'minio',
    Name: 'COLD',
    MinIO: {
      Endpoint: gateUrl,
      AccessKey: ROOT.accessKey,
      SecretKey: ROOT.secretKey,
      Bucket: 'archive',
      Prefix: 'tier',
    },
  });

describe('kill -9 during a transition', () => {
  it('leaves the object whole here when the store dies after the tier took the copy', {
    timeout: 120_000,
  }, async () => {
    const drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
    const body = pattern(2 * 1024 * 1024 + 17, 9);
    const first = await startChild(drives);
    const s3 = rootClient(first.url);
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'hot' }));
    await s3.send(
      new s3sdk.PutObjectCommand({ Bucket: 'hot', Key: 'k.bin', Body: body, Metadata: { m: '1' } }),
    );
    await addGatedTier(first.url);
    const killed = new Promise<void>((resolve) => {
      onTierPut = () => {
        first.child.kill('SIGKILL');
        first.child.once('exit', () => resolve());
        return true;
      };
    });
    first.child.stdin!.write('hot k.bin COLD\n');
    await killed;
    onTierPut = undefined;
    s3.destroy();
    expect(first.child.signalCode).toBe('SIGKILL');
    // The tier holds the whole copy the store never heard about.
    const orphan = await cold.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'archive', Prefix: 'tier/' }));
    expect(orphan.Contents?.map((o) => o.Size)).toEqual([body.length]);

    const second = await startChild(drives);
    const s3b = rootClient(second.url);
    try {
      const got = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'hot', Key: 'k.bin' }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
      expect(got.StorageClass).toBeUndefined();
      expect(got.Metadata).toEqual({ m: '1' });
      // Transitioning again completes, and reads come from the tier.
      const done = new Promise<string>((r) => second.lines.once('line', r));
      second.child.stdin!.write('hot k.bin COLD\n');
      expect(await done).toBe('ok');
      const moved = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'hot', Key: 'k.bin' }));
      expect(moved.StorageClass).toBe('COLD');
      expect(Buffer.from(await moved.Body!.transformToByteArray()).equals(body)).toBe(true);
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });

  it('many objects moving through the worker queue: after kill -9 each is whole here or fully on the tier', {
    timeout: 180_000,
  }, async () => {
    const drives = [1, 2, 3, 4].map((i) => join(dir, `m${i}`));
    const env = { STOWAGE_SCANNER_CYCLE: '24h', STOWAGE_TEST_DAYS_AHEAD: '30' };
    const bodies = Array.from({ length: 16 }, (_, i) => pattern(300 * 1024 + i * 37 * 1024 + i, 100 + i));
    const keyOf = (i: number) => `obj-${String(i).padStart(2, '0')}.bin`;
    const first = await startChild(drives, env);
    const s3 = rootClient(first.url);
    const admin = new MadminClient({ endpoint: first.url, credentials: ROOT });
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'many' }));
    for (const [i, b] of bodies.entries())
      await s3.send(new s3sdk.PutObjectCommand({ Bucket: 'many', Key: keyOf(i), Body: b }));
    await addGatedTier(first.url);
    await s3.send(
      new s3sdk.PutBucketLifecycleConfigurationCommand({
        Bucket: 'many',
        LifecycleConfiguration: {
          Rules: [
            {
              ID: 'cold',
              Status: 'Enabled',
              Filter: { Prefix: '' },
              Transitions: [{ Days: 1, StorageClass: 'COLD' as s3sdk.TransitionStorageClass }],
            },
          ],
        },
      }),
    );
    // Four workers: at the kill some moves are released, some half-way, some still queued.
    await admin.config.setKV('api transition_workers=4');
    let answered = 0;
    let queueFigures = '';
    const killed = new Promise<void>((resolve) => {
      onTierPut = () => {
        answered++;
        if (answered < 6) return false;
        if (answered > 6) return true;
        // The sixth copy the tier took: read the queue's gauges, then kill the store.
        void rawRequest(Number(new URL(first.url).port), 'GET', '/minio/v2/metrics/node', {
          authorization: `Bearer ${prometheusToken(ROOT)}`,
        }).then((res) => {
          queueFigures = res.body;
          first.child.kill('SIGKILL');
          first.child.once('exit', () => resolve());
        });
        return true;
      };
    });
    first.child.stdin!.write('scan\n');
    await killed;
    onTierPut = undefined;
    s3.destroy();
    expect(first.child.signalCode).toBe('SIGKILL');
    const gauge = (name: string) =>
      Number(
        new RegExp(`^minio_node_ilm_transition_${name}\\{[^}]*\\} (\\d+)$`, 'm').exec(queueFigures)?.[1],
      );
    expect(gauge('active_tasks')).toBeGreaterThan(0);
    expect(gauge('active_tasks')).toBeLessThanOrEqual(4);
    expect(gauge('pending_tasks')).toBeGreaterThan(0);

    const second = await startChild(drives, env);
    const s3b = rootClient(second.url);
    const read = async (i: number) => {
      const got = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'many', Key: keyOf(i) }));
      return {
        cls: got.StorageClass,
        ok: Buffer.from(await got.Body!.transformToByteArray()).equals(bodies[i]!),
      };
    };
    try {
      const after = await Promise.all(bodies.map((_, i) => read(i)));
      // Every object reads back right, whether it is here or on the tier; some made it, some did not.
      expect(after.every((r) => r.ok)).toBe(true);
      const moved = after.filter((r) => r.cls === 'COLD').length;
      expect(after.every((r) => r.cls === 'COLD' || r.cls === undefined)).toBe(true);
      expect(moved).toBeGreaterThan(0);
      expect(moved).toBeLessThan(bodies.length);
      // The next cycle moves the rest.
      const done = new Promise<string>((r) => second.lines.once('line', r));
      second.child.stdin!.write('scan\n');
      expect(await done).toBe('ok');
      const last = await Promise.all(bodies.map((_, i) => read(i)));
      expect(last).toEqual(bodies.map(() => ({ cls: 'COLD', ok: true })));
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });

  it('a restore under way when the store is killed is still ongoing after the restart, and completes', {
    timeout: 120_000,
  }, async () => {
    const drives = [1, 2, 3, 4].map((i) => join(dir, `r${i}`));
    const body = pattern(1024 * 1024 + 5, 21);
    const first = await startChild(drives);
    const s3 = rootClient(first.url);
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'back' }));
    await s3.send(new s3sdk.PutObjectCommand({ Bucket: 'back', Key: 'r.bin', Body: body }));
    await addGatedTier(first.url);
    const moved = new Promise<string>((r) => first.lines.once('line', r));
    first.child.stdin!.write('back r.bin COLD\n');
    expect(await moved).toBe('ok');
    const reading = new Promise<void>((resolve) => {
      onTierRead = () => {
        resolve();
        return true;
      };
    });
    const restore = (client: s3sdk.S3Client) =>
      client.send(
        new s3sdk.RestoreObjectCommand({ Bucket: 'back', Key: 'r.bin', RestoreRequest: { Days: 1 } }),
      );
    const restoreHeader = async (client: s3sdk.S3Client) =>
      (await client.send(new s3sdk.HeadObjectCommand({ Bucket: 'back', Key: 'r.bin' }))).Restore;
    expect((await restore(s3)).$metadata.httpStatusCode).toBe(202);
    await reading;
    expect(await restoreHeader(s3)).toBe('ongoing-request="true"');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    s3.destroy();
    onTierRead = undefined;

    const second = await startChild(drives);
    const s3b = rootClient(second.url);
    try {
      // Kept in the version: ongoing still, and served from the tier meanwhile.
      expect(await restoreHeader(s3b)).toBe('ongoing-request="true"');
      const meanwhile = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'back', Key: 'r.bin' }));
      expect(Buffer.from(await meanwhile.Body!.transformToByteArray()).equals(body)).toBe(true);
      // Asked again, this store (which runs no restore of it) starts it again.
      expect((await restore(s3b)).$metadata.httpStatusCode).toBe(202);
      const done = await until(
        () => restoreHeader(s3b),
        (h) => h?.startsWith('ongoing-request="false"') ?? false,
      );
      expect(done).toMatch(/^ongoing-request="false", expiry-date=/);
      const got = await s3b.send(new s3sdk.GetObjectCommand({ Bucket: 'back', Key: 'r.bin' }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });
});
