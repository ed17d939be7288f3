import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  driveRecord,
  dropRecord,
  putUploadRecordBytes,
  uploadRecordBytes,
  wipeDrive,
} from '../../../test/faults/support.js';
import { decodeUploadRecord, encodeUploadRecord } from '../../format/upload-record.js';
import { dataDir } from '../fs/layout.js';
import { MIN_PART_SIZE } from '../object-layer.js';
import { body, bucketEachTest, bytes, externalWritesSeen, put } from '../test-support/engine.js';
import { shardOffset, shardOn } from './distribution.js';

// The shards of a version turn over the drives by the key's CRC-32, as MinIO's hashOrder
// turns them: data shards (what reads open) spread over every drive. Versions and uploads
// written before (drive i, shard i) read, heal and complete as they are.

const t = bucketEachTest();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const big = (fill: number) => Buffer.alloc(300 * 1024, fill);
const shardsOf = (key: string) => t.f.drives.map((d) => driveRecord(d, 'bkt', key)?.versions[0]?.data?.index);
const readBack = async (key: string) => md5(await bytes((await t.layer.getObject('bkt', key)).stream));

/** MinIO's hashOrder (cmd/erasure-metadata-utils.go): drive i holds shard nums[i] - 1. */
function hashOrder(key: string, cardinality: number): number[] {
  const start = crc32(key) % cardinality;
  return Array.from({ length: cardinality }, (_, i) => 1 + ((start + i + 1) % cardinality));
}

describe('shards over the drives', () => {
  it("follow MinIO's hashOrder", () => {
    for (const n of [1, 2, 4, 5, 16])
      for (const key of ['a', 'big', 'photos/2024/x.jpg', 'é', ''])
        expect(Array.from({ length: n }, (_, d) => shardOn(shardOffset(key, n), d, n))).toEqual(
          hashOrder(key, n).map((s) => s - 1),
        );
  });

  it('spread data shards over every drive, inline or in files', async () => {
    const dataOn = [0, 0, 0, 0];
    for (let k = 0; k < 16; k++) {
      const key = `spread/${k}`;
      await t.layer.putObject(put('bkt', key, k % 2 ? big(k) : `small ${k}`));
      const shards = shardsOf(key);
      expect(shards).toEqual(hashOrder(key, 4).map((s) => s - 1));
      for (const [d, s] of shards.entries()) if (s! < 2) dataOn[d]!++;
    }
    for (const n of dataOn) expect(n).toBeGreaterThan(0);
  });

  it('a drive healed after a wipe gets the shard the turn gives it', async () => {
    const keys = ['a', 'big', 'd', 'k1'];
    // Offsets 0, 2, 1, 2: identity (as versions before the turn) and turned ones.
    expect(keys.map((k) => shardOffset(k, 4))).toEqual([0, 2, 1, 2]);
    for (const [i, key] of keys.entries()) await t.layer.putObject(put('bkt', key, big(i + 1)));
    const before = keys.map(shardsOf);
    await wipeDrive(t.f.drives[1]!);
    for (const [i, key] of keys.entries()) expect(await readBack(key)).toBe(md5(big(i + 1)));
    await t.layer.recoverDrives();
    expect(keys.map(shardsOf)).toEqual(before);
    await wipeDrive(t.f.drives[0]!);
    await wipeDrive(t.f.drives[2]!);
    for (const [i, key] of keys.entries()) expect(await readBack(key)).toBe(md5(big(i + 1)));
  });
});

describe('heal of turned shards', () => {
  it('rebuilds only the drive that lacks the version, not the one holding its missing shard number', async () => {
    expect(shardOffset('big', 4)).toBe(2);
    await t.layer.putObject(put('bkt', 'big', big(9)));
    const inodes = async () =>
      Promise.all(
        t.f.drives.map(async (d) => {
          const data = driveRecord(d, 'bkt', 'big')?.versions[0]?.data;
          return data
            ? (await stat(join(dataDir(d, 'bkt', 'big', data.id), data.parts[0]!.file!))).ino
            : undefined;
        }),
      );
    const before = await inodes();
    dropRecord(t.f.drives[0]!, 'bkt', 'big');
    externalWritesSeen(t.layer);
    expect(await t.layer.heal('bkt', 'big')).toMatchObject({ healed: [0] });
    const after = await inodes();
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(shardsOf('big')).toEqual(hashOrder('big', 4).map((s) => s - 1));
  });
});

describe('drives given in another order', () => {
  it('take their positions from their formats: every object reads back, nothing to heal', async () => {
    const keys = ['a', 'big', 'd', 'k1'];
    for (const [i, key] of keys.entries()) await t.layer.putObject(put('bkt', key, big(i + 1)));
    await t.layer.shutdown();
    const layer = await t.f.open({ drives: [...t.f.drives].reverse() });
    for (const [i, key] of keys.entries()) {
      expect(md5(await bytes((await layer.getObject('bkt', key)).stream))).toBe(md5(big(i + 1)));
      expect(await layer.heal('bkt', key, { deep: true })).toMatchObject({ healed: [] });
    }
  });
});

describe('multipart uploads', () => {
  const parts = [Buffer.alloc(MIN_PART_SIZE, 1), Buffer.alloc(1000, 2)];
  async function uploadAndComplete(key: string, uploadId: string) {
    for (const [n, data] of parts.entries())
      await t.layer.putObjectPart({
        bucket: 'bkt',
        key,
        uploadId,
        partNumber: n + 1,
        body: body(data),
        size: data.length,
      });
    await t.layer.completeMultipartUpload({
      bucket: 'bkt',
      key,
      uploadId,
      versioning: 'unversioned',
      parts: parts.map((p, n) => ({ number: n + 1, etag: md5(p) })),
    });
    expect(await readBack(key)).toBe(md5(Buffer.concat(parts)));
  }

  it('take the turn of their key, and the object keeps it', async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'big', {});
    await uploadAndComplete('big', uploadId);
    expect(shardsOf('big')).toEqual(hashOrder('big', 4).map((s) => s - 1));
  });

  it('begun before the turn (drive i, shard i), take parts and complete as they began', async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'big', {});
    for (const [i, d] of t.f.drives.entries()) {
      const record = decodeUploadRecord(uploadRecordBytes(d, 'bkt', 'big', uploadId)!);
      putUploadRecordBytes(d, 'bkt', 'big', uploadId, encodeUploadRecord({ ...record, index: i }));
    }
    externalWritesSeen(t.layer);
    await uploadAndComplete('big', uploadId);
    expect(shardsOf('big')).toEqual([0, 1, 2, 3]);
    // Any two drives still serve it: each holds the shard its record names.
    await wipeDrive(t.f.drives[0]!);
    await wipeDrive(t.f.drives[1]!);
    expect(await readBack('big')).toBe(md5(Buffer.concat(parts)));
  });
});
