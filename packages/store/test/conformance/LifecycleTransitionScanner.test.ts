import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, prometheusToken } from '@stowage/madmin';
import { ROOT, rawRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { until } from '../support/notifications.js';
import { minioTierOn } from '../support/tiers.js';

// Lifecycle transitions driven by the scanner between two real stores: rules put through the
// SDK on the hot store, a MinIO-type tier on the cold one, scanner cycles run with the hot
// store's clock moved days ahead, and what S3 then shows on both.

// Cycles run only when the test asks.
process.env.STOWAGE_SCANNER_CYCLE = '24h';

const DAY = 86_400_000;
let aheadMs = 0;
let hot: TestStore;
let cold: TestStore;
const TIERED = 'tiered';
const HISTORY = 'history';
const COLD = 'COLD' as s3sdk.TransitionStorageClass;

/** Runs a scanner cycle as if `days` had passed since now. */
async function scanAfter(days: number): Promise<void> {
  aheadMs = days * DAY;
  try {
    await hot.store.runScannerCycle();
  } finally {
    aheadMs = 0;
  }
}

beforeAll(async () => {
  [hot, cold] = await Promise.all([
    startTestStore({ clock: () => new Date(Date.now() + aheadMs) }),
    startTestStore(),
  ]);
  await cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'archive' }));
  await new MadminClient({ endpoint: hot.store.url, credentials: ROOT }).tiers.add(minioTierOn(cold, 'COLD'));
  await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: TIERED }));
  await hot.s3.send(
    new s3sdk.PutBucketLifecycleConfigurationCommand({
      Bucket: TIERED,
      LifecycleConfiguration: {
        Rules: [
          {
            ID: 'logs',
            Status: 'Enabled',
            Filter: { Prefix: 'logs/' },
            Transitions: [{ Days: 2, StorageClass: COLD }],
          },
          {
            ID: 'cold-docs',
            Status: 'Enabled',
            Filter: { And: { Prefix: 'docs/', Tags: [{ Key: 'class', Value: 'cold' }] } },
            Transitions: [{ Days: 2, StorageClass: COLD }],
          },
          {
            ID: 'short-lived',
            Status: 'Enabled',
            Filter: { Prefix: 'gone/' },
            Expiration: { Days: 3 },
            Transitions: [{ Days: 1, StorageClass: COLD }],
          },
        ],
      },
    }),
  );
  await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: HISTORY }));
  await hot.s3.send(
    new s3sdk.PutBucketVersioningCommand({ Bucket: HISTORY, VersioningConfiguration: { Status: 'Enabled' } }),
  );
  await hot.s3.send(
    new s3sdk.PutBucketLifecycleConfigurationCommand({
      Bucket: HISTORY,
      LifecycleConfiguration: {
        Rules: [
          {
            ID: 'old-versions',
            Status: 'Enabled',
            Filter: { Prefix: '' },
            NoncurrentVersionTransitions: [{ NoncurrentDays: 1, StorageClass: COLD }],
          },
        ],
      },
    }),
  );
});
afterAll(async () => {
  await hot?.close();
  await cold?.close();
});

const put = (Bucket: string, Key: string, Body: string, extra: Partial<s3sdk.PutObjectCommandInput> = {}) =>
  hot.s3.send(new s3sdk.PutObjectCommand({ Bucket, Key, Body, ...extra }));
const head = (Bucket: string, Key: string, VersionId?: string) =>
  hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket, Key, ...(VersionId ? { VersionId } : {}) }));
const read = async (Bucket: string, Key: string, VersionId?: string) => {
  const r = await hot.s3.send(
    new s3sdk.GetObjectCommand({ Bucket, Key, ...(VersionId ? { VersionId } : {}) }),
  );
  return { storageClass: r.StorageClass, body: await r.Body!.transformToString() };
};
/** The objects the tier's bucket holds, with their sizes. */
const onTier = async () =>
  (await cold.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'archive', Prefix: 'tier/' }))).Contents ?? [];

describe('lifecycle transitions run by the scanner', () => {
  it('moves what a Transition rule covers once it is due; filters that do not match leave objects here', async () => {
    await put(TIERED, 'logs/app.log', 'log lines');
    await put(TIERED, 'other/app.log', 'not a log');
    await put(TIERED, 'docs/hot.txt', 'hot doc', { Tagging: 'class=hot' });
    await put(TIERED, 'docs/cold.txt', 'cold doc', { Tagging: 'class=cold' });

    // A day on, nothing is due yet.
    await scanAfter(1);
    expect((await head(TIERED, 'logs/app.log')).StorageClass).toBeUndefined();
    expect(await onTier()).toHaveLength(0);

    await scanAfter(3);
    const moved = await head(TIERED, 'logs/app.log');
    expect(moved.StorageClass).toBe('COLD');
    expect(moved.ContentLength).toBe('log lines'.length);
    expect(await read(TIERED, 'logs/app.log')).toEqual({ storageClass: 'COLD', body: 'log lines' });
    expect(await read(TIERED, 'docs/cold.txt')).toEqual({ storageClass: 'COLD', body: 'cold doc' });
    // The data is on the tier's bucket.
    const remote = await onTier();
    expect(remote.map((o) => o.Size).sort()).toEqual(['log lines'.length, 'cold doc'.length].sort());
    // Another prefix, or a tag of another value: left alone.
    expect(await read(TIERED, 'other/app.log')).toEqual({ storageClass: undefined, body: 'not a log' });
    expect(await read(TIERED, 'docs/hot.txt')).toEqual({ storageClass: undefined, body: 'hot doc' });

    // Another cycle moves nothing twice.
    await scanAfter(4);
    expect(await onTier()).toHaveLength(2);
  });

  it('expires rather than moves an object whose expiry is due too', async () => {
    const before = (await onTier()).length;
    await put(TIERED, 'gone/tmp.txt', 'temporary');
    await scanAfter(5);
    await expect(head(TIERED, 'gone/tmp.txt')).rejects.toMatchObject({ name: 'NotFound' });
    expect(await onTier()).toHaveLength(before);
    // Judged once: no move was even tried after the expiry.
    expect(hot.logs.filter((m) => m.includes('gone/tmp.txt'))).toEqual([]);
  });

  it('removes the tier copy of a transitioned object that expires', async () => {
    await put(TIERED, 'gone/moved.txt', 'moved, then expired');
    const before = new Set((await onTier()).map((o) => o.Key));
    // Day 2: moved (Transition Days 1); expiry (Days 3) is not due yet.
    await scanAfter(2);
    expect((await head(TIERED, 'gone/moved.txt')).StorageClass).toBe('COLD');
    const [copy] = (await onTier()).map((o) => o.Key).filter((k) => !before.has(k));
    expect(copy).toBeDefined();
    await scanAfter(4);
    await expect(head(TIERED, 'gone/moved.txt')).rejects.toMatchObject({ name: 'NotFound' });
    await vi.waitFor(async () => expect((await onTier()).map((o) => o.Key)).not.toContain(copy), {
      timeout: 30_000,
      interval: 100,
    });
  });

  it('moves only the noncurrent version under a NoncurrentVersionTransition', async () => {
    const v1 = await put(HISTORY, 'report.txt', 'first draft');
    const v2 = await put(HISTORY, 'report.txt', 'final');
    await scanAfter(3);
    expect(await read(HISTORY, 'report.txt', v1.VersionId)).toEqual({
      storageClass: 'COLD',
      body: 'first draft',
    });
    expect(await read(HISTORY, 'report.txt')).toEqual({ storageClass: undefined, body: 'final' });
    expect((await head(HISTORY, 'report.txt')).VersionId).toBe(v2.VersionId);
  });

  it('drops a restored copy in a cycle past its expiry, and keeps it before', async () => {
    const restored = await hot.s3.send(
      new s3sdk.RestoreObjectCommand({ Bucket: TIERED, Key: 'logs/app.log', RestoreRequest: { Days: 1 } }),
    );
    expect(restored.$metadata.httpStatusCode).toBe(202);
    // The copy comes back in the background.
    await until(
      async () => (await head(TIERED, 'logs/app.log')).Restore,
      (r) => r?.startsWith('ongoing-request="false"') ?? false,
    );
    await scanAfter(0);
    expect((await head(TIERED, 'logs/app.log')).Restore).toMatch(/^ongoing-request="false"/);
    await scanAfter(3);
    const after = await head(TIERED, 'logs/app.log');
    expect(after.Restore).toBeUndefined();
    expect(after.StorageClass).toBe('COLD');
    expect(await read(TIERED, 'logs/app.log')).toEqual({ storageClass: 'COLD', body: 'log lines' });
  });

  it('leaves the object intact while the tier is down, and moves it in a later cycle', async () => {
    await put(TIERED, 'logs/late.log', 'late lines');
    await cold.stop();
    try {
      await scanAfter(3);
      expect(await read(TIERED, 'logs/late.log')).toEqual({ storageClass: undefined, body: 'late lines' });
      expect(hot.logs.some((m) => m.includes('logs/late.log') && m.includes('its move to COLD failed'))).toBe(
        true,
      );
    } finally {
      await cold.start();
    }
    await scanAfter(3);
    expect(await read(TIERED, 'logs/late.log')).toEqual({ storageClass: 'COLD', body: 'late lines' });
  });

  it('reports tier stats as the scanner counted them, kept across a restart, moved by deletes', async () => {
    const admin = new MadminClient({ endpoint: hot.store.url, credentials: ROOT });
    const cold = async () => (await admin.tiers.stats()).find((s) => s.Name === 'COLD')?.Stats;
    // What S3 lists as COLD on the hot store, counted by the test.
    const listed = { totalSize: 0, numVersions: 0, numObjects: 0 };
    for (const Bucket of [TIERED, HISTORY]) {
      const r = await hot.s3.send(new s3sdk.ListObjectVersionsCommand({ Bucket }));
      for (const v of r.Versions ?? []) {
        // A tier's name, which the SDK's list of storage classes does not hold.
        if ((v.StorageClass as string) !== 'COLD') continue;
        listed.totalSize += v.Size ?? 0;
        listed.numVersions += 1;
        if (v.IsLatest) listed.numObjects += 1;
      }
    }
    expect(listed.numVersions).toBeGreaterThanOrEqual(3);
    await scanAfter(0);
    expect(await cold()).toEqual(listed);
    // A restarted store answers before its first cycle (cycles here wait 24 h).
    await hot.stop();
    await hot.start();
    expect(await cold()).toEqual(listed);
    // A delete here moves the bytes and versions at once; the object count follows the next cycle.
    await hot.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: TIERED, Key: 'logs/late.log' }));
    const size = 'late lines'.length;
    expect(await cold()).toMatchObject({
      totalSize: listed.totalSize - size,
      numVersions: listed.numVersions - 1,
    });
    await scanAfter(0);
    expect(await cold()).toEqual({
      totalSize: listed.totalSize - size,
      numVersions: listed.numVersions - 1,
      numObjects: listed.numObjects - 1,
    });
  });

  it('reports the transition queue at /minio/v2/metrics/node, as MinIO names its gauges', async () => {
    const res = await rawRequest(hot.store.port, 'GET', '/minio/v2/metrics/node', {
      authorization: `Bearer ${prometheusToken(ROOT)}`,
    });
    // No cycle is running now, so nothing waits or is under way; nothing was ever dropped.
    for (const name of ['pending_tasks', 'active_tasks', 'missed_immediate_tasks']) {
      expect(res.body).toMatch(new RegExp(`^# TYPE minio_node_ilm_transition_${name} gauge$`, 'm'));
      expect(res.body).toMatch(new RegExp(`^minio_node_ilm_transition_${name}\\{[^}]*\\} 0$`, 'm'));
    }
  });
});
