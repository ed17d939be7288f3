import { rm } from 'node:fs/promises';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, MadminError } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestStore, type TestStore } from '../support/store.js';

// GET /info, /storageinfo and /datausageinfo (madmin-protocol.md §7): what a dashboard shows.

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'usage-a' }));
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'usage-b' }));
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'usage-a', Key: 'x', Body: '12345' }));
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'usage-a', Key: 'y', Body: '123' }));
});
afterAll(() => t.close());

describe('admin server, storage and usage info', () => {
  it('reports mode, backend, counts and the four drives', async () => {
    const info = await admin.serverInfo();
    expect(info).toMatchObject({
      mode: 'online',
      buckets: { count: 2 },
      objects: { count: 2 },
      usage: { size: 8 },
      backend: { backendType: 'Erasure', onlineDisks: 4, offlineDisks: 0, standardSCParity: 2 },
      services: { kms: { status: 'disabled' } },
    });
    const server = info.servers?.[0];
    expect(server?.endpoint).toBe(new URL(t.store.url).host);
    expect(server?.drives?.map((d) => [d.path, d.state, d.disk_index])).toEqual(
      t.drives.map((p, i) => [p, 'ok', i]),
    );
    expect(server?.drives?.[0]?.totalspace).toBeGreaterThan(0);
  });

  it('reports a lost drive as offline', async () => {
    await rm(t.drives[3]!, { recursive: true, force: true });
    const info = await admin.serverInfo();
    expect(info.backend).toMatchObject({ onlineDisks: 3, offlineDisks: 1 });
    expect(info.servers?.[0]?.drives?.[3]?.state).toBe('offline');
    const storage = await admin.storageInfo();
    expect(storage.Backend).toMatchObject({ Type: 2, StandardSCParity: 2, DrivesPerSet: [4] });
    expect(storage.Disks?.filter((d) => d.state === 'offline')).toHaveLength(1);
  });

  it('reports usage per bucket', async () => {
    const usage = await admin.dataUsageInfo();
    expect(usage).toMatchObject({ objectsCount: 2, objectsTotalSize: 8, bucketsCount: 2 });
    expect(usage.bucketsUsageInfo).toEqual({
      'usage-a': { size: 8, objectsCount: 2, versionsCount: 2 },
      'usage-b': { size: 0, objectsCount: 0, versionsCount: 0 },
    });
  });

  it('needs admin rights', async () => {
    await admin.users.add('nosy', 'nosy-secret-1');
    const nosy = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'nosy', secretKey: 'nosy-secret-1' },
    });
    const err = await nosy.serverInfo().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MadminError);
    expect((err as MadminError).status).toBe(403);
    await admin.policies.set(['diagnostics'], 'nosy', false);
    expect((await nosy.serverInfo()).mode).toBe('online');
  });
});
