import { rename, rm, writeFile } from 'node:fs/promises';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startStore } from '../../src/index.js';
import { corruptShard, driveRecord, pattern, sha256, wipeDrive } from './support.js';

// EC 2+2 over the four drives of the test store, driven through the real S3 API.
const OBJECTS = [
  { key: 'empty', size: 0 },
  { key: 'inline/1k', size: 1024 },
  { key: 'inline/edge', size: 128 * 1024 },
  { key: 'file/300k', size: 300 * 1024 + 1 },
  { key: 'file/3m', size: 3 * 1024 * 1024 + 17 },
].map((o, i) => ({ ...o, body: pattern(o.size, i + 1) }));

let t: TestStore;

beforeEach(async () => {
  t = await startTestStore();
  await t.minio.makeBucket('bkt');
  for (const o of OBJECTS) await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: o.key, Body: o.body }));
});
afterEach(() => t.close());

async function readAll(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const o of OBJECTS) {
    const res = await t.s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: o.key }));
    out[o.key] = sha256(await res.Body!.transformToByteArray());
  }
  return out;
}
const expected = Object.fromEntries(OBJECTS.map((o) => [o.key, sha256(o.body)]));

describe('EC 2+2 reads under faults', () => {
  it('reads every object back when two drives are wiped, and still lists them', async () => {
    await wipeDrive(t.drives[0]!);
    await wipeDrive(t.drives[2]!);
    expect(await readAll()).toEqual(expected);
    const list = await t.s3.send(new ListObjectsV2Command({ Bucket: 'bkt' }));
    expect(list.Contents?.map((c) => c.Key).sort()).toEqual(OBJECTS.map((o) => o.key).sort());
  });

  it('reads every object back when shards on two drives are corrupt (bitrot)', async () => {
    for (const o of OBJECTS) {
      if (o.size === 0) continue;
      await corruptShard(t.drives[1]!, 'bkt', o.key);
      await corruptShard(t.drives[3]!, 'bkt', o.key);
    }
    expect(await readAll()).toEqual(expected);
  });

  it('mixes the two: one drive wiped and another corrupt', async () => {
    await wipeDrive(t.drives[1]!);
    for (const o of OBJECTS) if (o.size > 0) await corruptShard(t.drives[2]!, 'bkt', o.key);
    expect(await readAll()).toEqual(expected);
    // Ranged reads go through the same decoder.
    const big = OBJECTS.at(-1)!;
    const res = await t.s3.send(
      new GetObjectCommand({ Bucket: 'bkt', Key: big.key, Range: 'bytes=1048570-2097160' }),
    );
    expect(sha256(await res.Body!.transformToByteArray())).toBe(sha256(big.body.subarray(1048570, 2097161)));
  });

  it('a third lost drive fails reads with 503 SlowDownRead, as MinIO answers lost read quorum', async () => {
    for (const i of [0, 1, 3]) await wipeDrive(t.drives[i]!);
    for (const key of ['inline/1k', 'file/3m']) {
      const err = await t.s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: key })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(S3ServiceException);
      expect((err as S3ServiceException).name).toBe('SlowDownRead');
      expect((err as S3ServiceException).$metadata.httpStatusCode).toBe(503);
    }
  });

  it('shards on three drives that cannot be decoded fail the read with 503 before any byte, not a cut 200', async () => {
    for (const o of OBJECTS) {
      if (o.size === 0) continue;
      for (const d of [0, 1, 3]) await corruptShard(t.drives[d]!, 'bkt', o.key);
    }
    for (const o of OBJECTS.filter((x) => x.size > 0)) {
      const err = await t.s3
        .send(new GetObjectCommand({ Bucket: 'bkt', Key: o.key }))
        .catch((e: unknown) => e);
      expect([o.key, (err as S3ServiceException).$metadata?.httpStatusCode]).toEqual([o.key, 503]);
      expect((err as S3ServiceException).name).toBe('SlowDownRead');
    }
  });

  it('writes need quorum: one drive gone is fine, two gone is 503 SlowDownWrite', async () => {
    await wipeDrive(t.drives[3]!);
    const body = pattern(2 * 1024 * 1024, 99);
    await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'after-one', Body: body }));
    await wipeDrive(t.drives[0]!);
    const res = await t.s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'after-one' }));
    expect(sha256(await res.Body!.transformToByteArray())).toBe(sha256(body));
    const err = await t.s3
      .send(new PutObjectCommand({ Bucket: 'bkt', Key: 'after-two', Body: body }))
      .catch((e: unknown) => e);
    expect((err as S3ServiceException).name).toBe('SlowDownWrite');
    expect((err as S3ServiceException).$metadata.httpStatusCode).toBe(503);
  });

  it('a drive the system cannot read is offline, running or at start: the others serve', async () => {
    // A drive path that is a file: every access under it fails with ENOTDIR (as root, where
    // chmod 000 would not stop anything, this is the unreadable drive a test can make).
    const drive = t.drives[2]!;
    const unreadable = async () => {
      await rename(drive, `${drive}.aside`);
      await writeFile(drive, 'not a drive');
    };
    const readable = async () => {
      await rm(drive);
      await rename(`${drive}.aside`, drive);
    };
    await unreadable();
    expect(await readAll()).toEqual(expected);
    await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'while-offline', Body: 'w' }));
    const listed = await t.s3.send(new ListObjectsV2Command({ Bucket: 'bkt' }));
    expect(listed.KeyCount).toBe(OBJECTS.length + 1);
    await t.store.close();
    t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
    expect(await readAll()).toEqual(expected);
    await readable();
    await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'after', Body: 'a' }));
    const after = await t.s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'after' }));
    expect(await after.Body!.transformToString()).toBe('a');
  });

  it('heals in the background what reads found damaged, so two more drives may then fail', async () => {
    // With drive 0 gone, reads open the two lowest shards left: drive 1's is damaged where
    // it is one of them (elsewhere a read never sees it; deep heal finds that).
    const shard = (d: number, key: string) => driveRecord(t.drives[d]!, 'bkt', key)!.versions[0]!.data!.index;
    const readOnDrive1 = OBJECTS.filter(
      (o) => o.size > 0 && [2, 3].filter((d) => shard(d, o.key) < shard(1, o.key)).length < 2,
    );
    expect(readOnDrive1.map((o) => o.key)).toEqual(['inline/edge', 'file/3m']);
    await wipeDrive(t.drives[0]!);
    for (const o of readOnDrive1) await corruptShard(t.drives[1]!, 'bkt', o.key);
    expect(await readAll()).toEqual(expected);
    // The heal queue took what the reads found damaged; wait until it, and drive 0's
    // recovery (formatted again, then filled), are over.
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await vi.waitFor(
      async () => {
        const status = await admin.heal.background();
        const [mrf] = Object.values(status.mrf ?? {});
        expect(mrf?.total_items).toBeGreaterThanOrEqual(readOnDrive1.length);
        expect([status.HealDisks, mrf?.items_pending]).toEqual([[], 0]);
      },
      { timeout: 30_000, interval: 100 },
    );
    await wipeDrive(t.drives[2]!);
    await wipeDrive(t.drives[3]!);
    expect(await readAll()).toEqual(expected);
  });
});
