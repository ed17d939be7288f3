import { rm } from 'node:fs/promises';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, MadminError, prometheusToken } from '@stowage/madmin';
import { ROOT, rawRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
    const histogram = (small: number) => ({
      LESS_THAN_1024_B: small,
      BETWEEN_1024_B_AND_1_MB: 0,
      BETWEEN_1_MB_AND_10_MB: 0,
      BETWEEN_10_MB_AND_64_MB: 0,
      BETWEEN_64_MB_AND_128_MB: 0,
      BETWEEN_128_MB_AND_512_MB: 0,
      GREATER_THAN_512_MB: 0,
    });
    expect(usage.bucketsUsageInfo).toEqual({
      'usage-a': { size: 8, objectsCount: 2, versionsCount: 2, objectsSizesHistogram: histogram(2) },
      'usage-b': { size: 0, objectsCount: 0, versionsCount: 0, objectsSizesHistogram: histogram(0) },
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

  it('classes objects by size, by their latest version, in usage, account info and metrics', async () => {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'usage-sizes' }));
    const put = (Key: string, size: number) =>
      t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'usage-sizes', Key, Body: Buffer.alloc(size, 1) }));
    await put('tiny', 10);
    await put('page', 2048);
    await put('photo', 2 << 20);
    await put('page', 12); // replaced: now below 1 KiB
    await t.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'usage-sizes', Key: 'tiny' }));
    const expected = {
      LESS_THAN_1024_B: 1,
      BETWEEN_1024_B_AND_1_MB: 0,
      BETWEEN_1_MB_AND_10_MB: 1,
      BETWEEN_10_MB_AND_64_MB: 0,
      BETWEEN_64_MB_AND_128_MB: 0,
      BETWEEN_128_MB_AND_512_MB: 0,
      GREATER_THAN_512_MB: 0,
    };
    const usage = await admin.dataUsageInfo();
    expect(usage.bucketsUsageInfo?.['usage-sizes']?.objectsSizesHistogram).toEqual(expected);
    const account = await admin.accountInfo();
    expect(account.Buckets.find((b) => b.name === 'usage-sizes')?.objectHistogram).toEqual(expected);
    const metrics = await rawRequest(t.store.port, 'GET', '/minio/v2/metrics/cluster', {
      authorization: `Bearer ${prometheusToken(ROOT)}`,
    });
    expect(metrics.body).toMatch(
      /^minio_bucket_objects_size_distribution\{[^}]*bucket="usage-sizes",range="BETWEEN_1_MB_AND_10_MB"\} 1$/m,
    );
  });
});
