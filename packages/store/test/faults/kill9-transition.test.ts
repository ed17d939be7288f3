import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestStore, type TestStore } from '../support/store.js';
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
/** Called when the tier has answered a PUT of transitioned data, before the hot store hears it. */
let onTierPut: (() => void) | undefined;
const children: ChildProcess[] = [];

function startChild(drives: string[]): Promise<{ child: ChildProcess; url: string; lines: Interface }> {
  const child = spawn(process.execPath, [CHILD, ...drives], {
    env: { ...process.env, STOWAGE_ROOT_USER: ROOT.accessKey, STOWAGE_ROOT_PASSWORD: ROOT.secretKey },
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
  // the tier answering a data PUT and the hot store hearing the answer.
  const coldUrl = new URL(cold.store.url);
  gate = createServer((req, res) => {
    const out = request(
      { host: coldUrl.hostname, port: coldUrl.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const dataPut =
          req.method === 'PUT' && req.url?.startsWith('/archive/tier/') && answer.statusCode === 200;
        if (dataPut && onTierPut) {
          answer.resume();
          onTierPut();
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
    await new MadminClient({ endpoint: first.url, credentials: ROOT }).tiers.add({
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
    const killed = new Promise<void>((resolve) => {
      onTierPut = () => {
        first.child.kill('SIGKILL');
        first.child.once('exit', () => resolve());
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
});
