import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import * as s3sdk from '@aws-sdk/client-s3';
import { type HealResultItem, MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deploymentKey, setOfKey } from '../../src/engine/erasure/sets/set-layout.js';
import { bucketDir, formatPath } from '../../src/engine/fs/layout.js';

// A store on 32 drives: two erasure sets of 16 (EC 12+4), as `minio server` on 32 drives
// makes them. Clients see one store; the admin API reports the sets.

let t: TestStore;
let admin: MadminClient;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

beforeAll(async () => {
  t = await startTestStore({ drives: 32 });
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'sets' }));
});
afterAll(() => t.close());

async function listAll(input: { Prefix?: string; Delimiter?: string; MaxKeys: number }): Promise<string[]> {
  const names: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await t.s3.send(
      new s3sdk.ListObjectsV2Command({ Bucket: 'sets', ...input, ContinuationToken }),
    );
    names.push(
      ...(page.Contents ?? []).map((o) => o.Key!),
      ...(page.CommonPrefixes ?? []).map((p) => p.Prefix!),
    );
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return names.sort();
}

describe('a store on 32 drives', () => {
  it('says so when it starts, and reports two sets of 16 drives to the admin API', async () => {
    expect(t.logs.some((l) => /32 drive\(s\) in 2 erasure sets, EC 12\+4/.test(l))).toBe(true);
    const storage = await admin.storageInfo();
    expect(storage.Backend).toMatchObject({
      Type: 2,
      TotalSets: [2],
      DrivesPerSet: [16],
      StandardSCData: [12],
      StandardSCParity: 4,
    });
    const info = await admin.serverInfo();
    expect(info.backend).toMatchObject({ onlineDisks: 32, offlineDisks: 0, standardSCParity: 4 });
    const drives = info.servers?.[0]?.drives ?? [];
    expect(drives.map((d) => [d.path, d.set_index, d.disk_index])).toEqual(
      t.drives.map((p, i) => [p, i >> 4, i % 16]),
    );
  });

  it('stores, lists and reads objects of every size across the sets, and keeps them over a restart', async () => {
    const small = Array.from({ length: 40 }, (_, i) => `docs/${i}.txt`);
    for (const k of small) await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sets', Key: k, Body: k }));
    const big = randomBytes(3 * 1024 * 1024);
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sets', Key: 'media/big.bin', Body: big }));
    // A multipart upload, completed from two parts.
    const part = randomBytes(5 * 1024 * 1024);
    const { UploadId } = await t.s3.send(
      new s3sdk.CreateMultipartUploadCommand({ Bucket: 'sets', Key: 'media/multi.bin' }),
    );
    const etags: string[] = [];
    for (const PartNumber of [1, 2]) {
      const r = await t.s3.send(
        new s3sdk.UploadPartCommand({
          Bucket: 'sets',
          Key: 'media/multi.bin',
          UploadId,
          PartNumber,
          Body: part,
        }),
      );
      etags.push(r.ETag!);
    }
    await t.s3.send(
      new s3sdk.CompleteMultipartUploadCommand({
        Bucket: 'sets',
        Key: 'media/multi.bin',
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    const all = [...small, 'media/big.bin', 'media/multi.bin'].sort();
    expect(await listAll({ MaxKeys: 6 })).toEqual(all);
    expect(await listAll({ Delimiter: '/', MaxKeys: 1 })).toEqual(['docs/', 'media/']);
    expect(await listAll({ Prefix: 'docs/', MaxKeys: 1000 })).toEqual(small.sort());

    const read = async (Key: string) =>
      Buffer.from(
        await (
          await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'sets', Key }))
        ).Body!.transformToByteArray(),
      );
    expect(md5(await read('media/big.bin'))).toBe(md5(big));
    expect(md5(await read('media/multi.bin'))).toBe(md5(Buffer.concat([part, part])));

    await admin.serviceRestart();
    await vi
      .waitFor(() => admin.serverInfo(), { timeout: 5_000, interval: 50 })
      .catch(() => {
        throw new Error('the store did not come back');
      });
    expect(await listAll({ MaxKeys: 1000 })).toEqual(all);
    expect(md5(await read('media/big.bin'))).toBe(md5(big));
    expect((await read('docs/7.txt')).toString()).toBe('docs/7.txt');
  });

  it('deletes objects in both sets in one call, then the bucket', async () => {
    const keys = (await listAll({ MaxKeys: 1000 })).map((Key) => ({ Key }));
    const out = await t.s3.send(
      new s3sdk.DeleteObjectsCommand({ Bucket: 'sets', Delete: { Objects: keys, Quiet: true } }),
    );
    expect(out.Errors ?? []).toEqual([]);
    expect(await listAll({ MaxKeys: 1000 })).toEqual([]);
    await t.s3.send(new s3sdk.DeleteBucketCommand({ Bucket: 'sets' }));
    const buckets = await t.s3.send(new s3sdk.ListBucketsCommand({}));
    expect(buckets.Buckets ?? []).toEqual([]);
  });

  it('heals through the admin API, each object item naming the drives of its own set', async () => {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'healsets' }));
    const body = randomBytes(300 * 1024); // past the inline limit: shards are files
    // Three keys in each set (placement follows the deployment id, new with each store).
    const { deploymentId } = JSON.parse(await readFile(formatPath(t.drives[0]!), 'utf8'));
    const setOf = (key: string) => setOfKey(key, 2, deploymentKey(deploymentId));
    const names = Array.from({ length: 64 }, (_, i) => `h${i}`);
    const [first, second] = [0, 1].map((set) => names.filter((k) => setOf(k) === set).slice(0, 3));
    for (const Key of [...first!, ...second!])
      await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'healsets', Key, Body: body }));
    // Drive 21 (the sixth of the second set) loses its shards of every object it holds.
    await rm(bucketDir(t.drives[21]!, 'healsets'), { recursive: true, force: true });
    const started = await admin.heal.start('healsets', '', { recursive: true });
    const items: HealResultItem[] = [];
    await vi
      .waitFor(
        async () => {
          const s = await admin.heal.status('healsets', '', started.clientToken);
          items.push(...s.items);
          if (s.summary !== 'finished') throw new Error(`heal is ${s.summary}`);
        },
        { timeout: 10_000, interval: 50 },
      )
      .catch(() => {});
    const objects = items.filter((i) => i.type === 'object');
    expect(objects).toHaveLength(6);
    for (const o of objects)
      expect(o).toMatchObject({ diskCount: 16, setCount: 2, dataBlocks: 12, parityBlocks: 4 });
    const missing = objects.filter((o) => o.before.drives?.some((d) => d.state === 'missing'));
    // The objects of the second set, and only those, missed drive 21, the sixth of their set.
    expect(missing.map((o) => o.object).sort()).toEqual([...second!].sort());
    for (const o of missing) {
      expect(o.before.drives?.map((d) => d.endpoint)).toEqual(t.drives.slice(16));
      expect(o.before.drives?.findIndex((d) => d.state === 'missing')).toBe(5);
      expect(o.after.drives?.every((d) => d.state === 'ok')).toBe(true);
    }
    const files = await readdir(bucketDir(t.drives[21]!, 'healsets'), { recursive: true });
    expect(files.filter((f) => f.endsWith('part.1'))).toHaveLength(missing.length);
  });

  it('serves reads with four drives of each set gone', async () => {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'lossy' }));
    const bodies = Array.from({ length: 12 }, (_, i) => randomBytes(200 * 1024 + i));
    for (const [i, Body] of bodies.entries())
      await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'lossy', Key: `o${i}`, Body }));
    for (const i of [0, 5, 9, 15, 16, 20, 25, 31]) await rm(t.drives[i]!, { recursive: true, force: true });
    for (const [i, body] of bodies.entries()) {
      const got = await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'lossy', Key: `o${i}` }));
      expect(md5(Buffer.from(await got.Body!.transformToByteArray()))).toBe(md5(body));
    }
  });
});
