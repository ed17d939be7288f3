import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { objectDir } from '../../src/engine/fs/layout.js';
import { until } from '../support/notifications.js';
import { minioTierOn } from '../support/tiers.js';

// Lifecycle transitions between two real stores: the hot store moves a version's data to a
// MinIO-type tier (a bucket on the cold store), keeps its metadata, reads through, restores a
// copy for some days, survives the tier being down, and deletes the tier's copy with it.

let hot: TestStore;
let cold: TestStore;
let admin: MadminClient;
const BUCKET = 'photos';
const big = Buffer.alloc(3 * 1024 * 1024 + 123);
for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 11)) & 0xff;

beforeAll(async () => {
  [hot, cold] = await Promise.all([startTestStore(), startTestStore()]);
  admin = new MadminClient({ endpoint: hot.store.url, credentials: ROOT });
  await cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'archive' }));
  await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: BUCKET }));
  await hot.s3.send(
    new s3sdk.PutBucketVersioningCommand({ Bucket: BUCKET, VersioningConfiguration: { Status: 'Enabled' } }),
  );
  await admin.tiers.add(minioTierOn(cold, 'COLD'));
});
afterAll(async () => {
  await hot?.close();
  await cold?.close();
});

const put = (key: string, body: Buffer | string, extra: Partial<s3sdk.PutObjectCommandInput> = {}) =>
  hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body, ...extra }));
const getBytes = async (key: string, extra: Partial<s3sdk.GetObjectCommandInput> = {}) => {
  const r = await hot.s3.send(new s3sdk.GetObjectCommand({ Bucket: BUCKET, Key: key, ...extra }));
  return { r, bytes: Buffer.from(await r.Body!.transformToByteArray()) };
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: s3sdk.S3ServiceException) => `${e.$metadata.httpStatusCode} ${e.name}`,
  );
/** The objects the tier's bucket holds under its prefix. */
const onTier = async () =>
  (await cold.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'archive', Prefix: 'tier/' }))).Contents ?? [];
/** Shard files the hot store keeps for a key, on all its drives. */
async function localShards(key: string): Promise<number> {
  let n = 0;
  for (const drive of hot.drives) {
    const dir = objectDir(drive, BUCKET, key);
    const walk = async (d: string): Promise<void> => {
      for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
        if (e.isDirectory()) await walk(join(d, e.name));
        else if (e.name.startsWith('part.')) n++;
      }
    };
    await walk(dir);
  }
  return n;
}
const tierStats = async () => {
  const stats = await admin.tiers.stats();
  return Object.fromEntries(stats.map((s) => [s.Name, s.Stats]));
};

describe('transition to a MinIO-type tier on a second store', () => {
  it('moves the data, keeps the metadata, and reads through (whole, ranges, parts)', async () => {
    const written = await put('big.bin', big, {
      ContentType: 'image/x-test',
      Metadata: { camera: 'pinhole' },
      Tagging: 'album=summer',
      CacheControl: 'max-age=60',
    });
    expect(await localShards('big.bin')).toBeGreaterThan(0);
    await hot.store.transitions.transitionVersion(BUCKET, 'big.bin', undefined, 'COLD');

    // The data left: the tier holds one object of the version's bytes under a random name.
    const remote = await onTier();
    expect(remote).toHaveLength(1);
    expect(remote[0]!.Size).toBe(big.length);
    expect(remote[0]!.Key).toMatch(/^tier\/[0-9a-f]{16}\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(await localShards('big.bin')).toBe(0);

    const head = await hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }));
    expect(head).toMatchObject({
      StorageClass: 'COLD',
      ContentLength: big.length,
      ContentType: 'image/x-test',
      ETag: written.ETag,
      VersionId: written.VersionId,
      Metadata: { camera: 'pinhole' },
      CacheControl: 'max-age=60',
      TagCount: 1,
    });
    const tags = await hot.s3.send(new s3sdk.GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'big.bin' }));
    expect(tags.TagSet).toEqual([{ Key: 'album', Value: 'summer' }]);

    const whole = await getBytes('big.bin');
    expect(whole.r.StorageClass).toBe('COLD');
    expect(whole.bytes.equals(big)).toBe(true);
    const range = await getBytes('big.bin', { Range: 'bytes=1048570-1048600' });
    expect(range.r.ContentRange).toBe(`bytes 1048570-1048600/${big.length}`);
    expect(range.bytes.equals(big.subarray(1048570, 1048601))).toBe(true);
    const tail = await getBytes('big.bin', { Range: 'bytes=-10' });
    expect(tail.bytes.equals(big.subarray(big.length - 10))).toBe(true);

    const part = await getBytes('big.bin', { PartNumber: 1 });
    expect(part.r.ContentLength).toBe(big.length);
    expect(part.bytes.equals(big)).toBe(true);
    const listed = await hot.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'big.bin' }));
    expect(listed.Contents?.[0]).toMatchObject({ StorageClass: 'COLD', Size: big.length });
  });

  it('moves encrypted and small (inline) objects as they are stored, and reads them back', async () => {
    await put('secret.txt', 'top secret words', { ServerSideEncryption: 'AES256' });
    await put('tiny.txt', 'tiny');
    const before = (await onTier()).length;
    await hot.store.transitions.transitionVersion(BUCKET, 'secret.txt', undefined, 'COLD');
    await hot.store.transitions.transitionVersion(BUCKET, 'tiny.txt', undefined, 'COLD');
    expect((await onTier()).length).toBe(before + 2);
    const secret = await getBytes('secret.txt');
    expect(secret.bytes.toString()).toBe('top secret words');
    expect(secret.r.ServerSideEncryption).toBe('AES256');
    expect((await getBytes('tiny.txt')).bytes.toString()).toBe('tiny');
    // The tier holds ciphertext, never the plaintext.
    const key = (await onTier()).map((o) => o.Key!);
    const texts = await Promise.all(
      key.map(async (k) => {
        const r = await cold.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'archive', Key: k }));
        return Buffer.from(await r.Body!.transformToByteArray()).toString('latin1');
      }),
    );
    expect(texts.some((t) => t.includes('top secret'))).toBe(false);
  });

  it('copies a transitioned object into a local one (STANDARD, same bytes)', async () => {
    const copied = await hot.s3.send(
      new s3sdk.CopyObjectCommand({ Bucket: BUCKET, Key: 'copy.bin', CopySource: `${BUCKET}/big.bin` }),
    );
    const copy = await getBytes('copy.bin');
    expect(copy.r.StorageClass).toBeUndefined();
    expect(copy.r.Metadata).toEqual({ camera: 'pinhole' });
    expect(copy.bytes.equals(big)).toBe(true);
    expect(await localShards('copy.bin')).toBeGreaterThan(0);
    await hot.s3.send(
      new s3sdk.DeleteObjectCommand({ Bucket: BUCKET, Key: 'copy.bin', VersionId: copied.VersionId }),
    );
  });

  it('transitions a noncurrent version by its id; the current one stays here', async () => {
    const v1 = await put('doc.txt', 'first');
    await put('doc.txt', 'second');
    await hot.store.transitions.transitionVersion(BUCKET, 'doc.txt', v1.VersionId, 'COLD');
    const old = await getBytes('doc.txt', { VersionId: v1.VersionId });
    expect(old.bytes.toString()).toBe('first');
    expect(old.r.StorageClass).toBe('COLD');
    const current = await getBytes('doc.txt');
    expect(current.bytes.toString()).toBe('second');
    expect(current.r.StorageClass).toBeUndefined();
  });

  it('reports tier stats: objects, versions and bytes on the tier', async () => {
    const stats = await tierStats();
    // big.bin, secret.txt (stored size differs; logical counted), tiny.txt, doc.txt v1.
    expect(stats.COLD).toEqual({
      totalSize: big.length + 'top secret words'.length + 'tiny'.length + 'first'.length,
      numVersions: 4,
      numObjects: 3,
    });
    expect(stats.STANDARD).toMatchObject({ numObjects: 1, numVersions: 1, totalSize: 'second'.length });
  });

  it('restores a local copy for N days, shows x-amz-restore, and drops it once expired', async () => {
    const started = Date.now();
    const first = await hot.s3.send(
      new s3sdk.RestoreObjectCommand({ Bucket: BUCKET, Key: 'big.bin', RestoreRequest: { Days: 2 } }),
    );
    expect(first.$metadata.httpStatusCode).toBe(202);
    // The copy comes back in the background (LifecycleRestore.test.ts looks at it ongoing).
    const head = await until(
      () => hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' })),
      (h) => h.Restore?.startsWith('ongoing-request="false"') ?? false,
    );
    expect(await localShards('big.bin')).toBeGreaterThan(0);
    expect(head.StorageClass).toBe('COLD');
    const m = /^ongoing-request="false", expiry-date="(.+)"$/.exec(head.Restore ?? '');
    expect(m).not.toBeNull();
    const expiry = new Date(m![1]!);
    // Midnight UTC, after the two days asked for.
    expect(expiry.getUTCHours()).toBe(0);
    expect(expiry.getTime()).toBeGreaterThan(started + 2 * 86_400_000);
    expect(expiry.getTime()).toBeLessThanOrEqual(started + 3 * 86_400_000);
    expect((await getBytes('big.bin')).bytes.equals(big)).toBe(true);
    const part = await getBytes('big.bin', { Range: 'bytes=5-9' });
    expect(part.bytes.equals(big.subarray(5, 10))).toBe(true);

    // Again: only the days move (200).
    const again = await hot.s3.send(
      new s3sdk.RestoreObjectCommand({ Bucket: BUCKET, Key: 'big.bin', RestoreRequest: { Days: 5 } }),
    );
    expect(again.$metadata.httpStatusCode).toBe(200);
    const moved = await hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }));
    const later = new Date(/expiry-date="(.+)"/.exec(moved.Restore ?? '')![1]!);
    expect(later.getTime() - expiry.getTime()).toBe(3 * 86_400_000);

    // The scanner's clock before the expiry keeps the copy; after it, the copy goes.
    expect(await hot.store.transitions.expireRestored(BUCKET, 'big.bin', undefined, new Date(started))).toBe(
      false,
    );
    expect(await hot.store.transitions.expireRestored(BUCKET, 'big.bin', undefined, later)).toBe(true);
    expect(await localShards('big.bin')).toBe(0);
    const after = await hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }));
    expect(after.Restore).toBeUndefined();
    expect((await getBytes('big.bin')).bytes.equals(big)).toBe(true);
  });

  it('refuses RestoreObject of objects on no tier, and malformed requests', async () => {
    await put('plain.txt', 'here');
    const restore = (key: string, days: number) =>
      hot.s3.send(
        new s3sdk.RestoreObjectCommand({ Bucket: BUCKET, Key: key, RestoreRequest: { Days: days } }),
      );
    expect(await failure(restore('plain.txt', 1))).toBe('403 InvalidObjectState');
    expect(await failure(restore('big.bin', 0))).toBe('400 MalformedXML');
    expect(await failure(restore('missing.txt', 1))).toBe('404 NoSuchKey');
  });

  it('needs s3:RestoreObject: a reader may read a transitioned object but not restore it', async () => {
    await admin.policies.add('photo-reader', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/*`] }],
    });
    await admin.users.add('viewer', 'viewer-secret-1');
    await admin.policies.set(['photo-reader'], 'viewer', false);
    const viewer = hot.client({ accessKeyId: 'viewer', secretAccessKey: 'viewer-secret-1' });
    const got = await viewer.send(new s3sdk.GetObjectCommand({ Bucket: BUCKET, Key: 'tiny.txt' }));
    expect(await got.Body!.transformToString()).toBe('tiny');
    expect(
      await failure(
        viewer.send(
          new s3sdk.RestoreObjectCommand({ Bucket: BUCKET, Key: 'tiny.txt', RestoreRequest: { Days: 1 } }),
        ),
      ),
    ).toBe('403 AccessDenied');
    viewer.destroy();
  });

  it('answers XMinioBackendDown while the tier is down, loses nothing, and reads again once it is back', async () => {
    await cold.stop();
    try {
      expect(await failure(getBytes('big.bin'))).toBe('400 XMinioBackendDown');
      // The version is still there: HEAD answers from the metadata kept here.
      const head = await hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }));
      expect(head.ContentLength).toBe(big.length);
      // A transition to a tier that is down fails and leaves the object as it was.
      await put('stays.txt', 'stay here');
      await expect(
        hot.store.transitions.transitionVersion(BUCKET, 'stays.txt', undefined, 'COLD'),
      ).rejects.toThrow(/tier COLD/);
      const stays = await getBytes('stays.txt');
      expect(stays.bytes.toString()).toBe('stay here');
      expect(stays.r.StorageClass).toBeUndefined();
    } finally {
      await cold.start();
    }
    expect((await getBytes('big.bin')).bytes.equals(big)).toBe(true);
    // The transition that failed now works.
    await hot.store.transitions.transitionVersion(BUCKET, 'stays.txt', undefined, 'COLD');
    expect((await getBytes('stays.txt')).r.StorageClass).toBe('COLD');
  });

  it('keeps the object whole when the tier cannot take the copy (bucket gone)', async () => {
    await put('kept.bin', big.subarray(0, 500_000));
    const before = await onTier();
    await cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'gone' }));
    await admin.tiers.add({
      Version: 'v1',
      Type: 's3',
      Name: 'GONE',
      S3: { Endpoint: cold.store.url, AccessKey: ROOT.accessKey, SecretKey: ROOT.secretKey, Bucket: 'gone' },
    });
    await cold.s3.send(new s3sdk.DeleteBucketCommand({ Bucket: 'gone' }));
    await expect(
      hot.store.transitions.transitionVersion(BUCKET, 'kept.bin', undefined, 'GONE'),
    ).rejects.toThrow(/NoSuchBucket/);
    const kept = await getBytes('kept.bin');
    expect(kept.bytes.equals(big.subarray(0, 500_000))).toBe(true);
    expect(kept.r.StorageClass).toBeUndefined();
    expect(await localShards('kept.bin')).toBeGreaterThan(0);
    expect(await onTier()).toHaveLength(before.length);
  });

  it('a deep heal with remove keeps transitioned versions (no shards here is no damage)', async () => {
    const started = await admin.heal.start(BUCKET, '', { recursive: true, scanMode: 2, remove: true });
    let summary = '';
    const items: { detail?: string }[] = [];
    await vi
      .waitFor(
        async () => {
          const s = await admin.heal.status(BUCKET, '', started.clientToken);
          summary = s.summary;
          items.push(...s.items);
          if (summary !== 'finished' && summary !== 'stopped') throw new Error(`heal is ${summary}`);
        },
        { timeout: 20_000, interval: 50 },
      )
      .catch(() => {});
    expect(summary).toBe('finished');
    expect(items.filter((it) => /dangling/.test(it.detail ?? ''))).toEqual([]);
    expect((await getBytes('big.bin')).bytes.equals(big)).toBe(true);
    expect((await getBytes('doc.txt', { VersionId: undefined })).bytes.toString()).toBe('second');
    const versions = await hot.s3.send(
      new s3sdk.ListObjectVersionsCommand({ Bucket: BUCKET, Prefix: 'doc.txt' }),
    );
    expect(versions.Versions?.map((v) => v.StorageClass)).toEqual(['STANDARD', 'COLD']);
  });

  it('deletes the tier copy when the transitioned version is deleted for good', async () => {
    const v = await put('gone.txt', 'short-lived');
    await hot.store.transitions.transitionVersion(BUCKET, 'gone.txt', undefined, 'COLD');
    const names = new Set((await onTier()).map((o) => o.Key));
    // A delete marker keeps the version (and its tier copy).
    await hot.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: BUCKET, Key: 'gone.txt' }));
    expect((await onTier()).length).toBe(names.size);
    await hot.s3.send(
      new s3sdk.DeleteObjectCommand({ Bucket: BUCKET, Key: 'gone.txt', VersionId: v.VersionId }),
    );
    // The tier's copy is removed in the background, as MinIO queues it.
    await expect.poll(async () => (await onTier()).length, { timeout: 10_000 }).toBe(names.size - 1);
  });

  it('removes the tier copy when an unversioned object is overwritten', async () => {
    await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'plain' }));
    await hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'plain', Key: 'x', Body: 'old' }));
    await hot.store.transitions.transitionVersion('plain', 'x', undefined, 'COLD');
    const count = (await onTier()).length;
    await hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'plain', Key: 'x', Body: 'new' }));
    await expect.poll(async () => (await onTier()).length, { timeout: 10_000 }).toBe(count - 1);
    const r = await hot.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'plain', Key: 'x' }));
    expect(await r.Body!.transformToString()).toBe('new');
  });
});
