import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  corruptShard,
  driveRecord,
  driveWithShard,
  pattern,
  sha256,
  wipeDrive,
} from '../../../../test/faults/support.js';
import { MIN_PART_SIZE } from '../../object-layer.js';
import { body, bytes, type EngineFixture, engineFixture, put } from '../../test-support/engine.js';
import type { ErasureObjectLayer } from '../erasure-layer.js';

// Shard checksums: new data gets MinIO's HighwayHash-256; data written before the store used
// it (SHA-256, record version 3, upload record version 1) stays readable, healable and, for
// an upload begun then, completable with parts sent now, all under its own checksum.

let f: EngineFixture;
afterEach(() => f.close());

const SMALL = pattern(5000, 1);
const BIG = pattern(2 * 1024 * 1024 + 5, 2);
const bitrotOf = (drive: string, key: string) => driveRecord(drive, 'bkt', key)?.versions[0]?.data?.bitrot;

describe('shard checksums', () => {
  let old: ErasureObjectLayer;
  let uploadId: string;
  beforeEach(async () => {
    f = await engineFixture();
    // As an earlier store wrote them: SHA-256 before every shard block.
    old = await f.open({ bitrot: 'sha256' });
    await old.makeBucket('bkt');
    await old.putObject(put('bkt', 'small', SMALL));
    await old.putObject(put('bkt', 'big', BIG));
    ({ uploadId } = await old.newMultipartUpload('bkt', 'parts', {}));
    await old.putObjectPart({
      bucket: 'bkt',
      key: 'parts',
      uploadId,
      partNumber: 1,
      body: body(pattern(MIN_PART_SIZE, 3)),
      size: MIN_PART_SIZE,
    });
    await old.shutdown();
  });

  it('writes new versions with HighwayHash and keeps reading and healing SHA-256 ones', async () => {
    const layer = await f.open();
    expect(bitrotOf(f.drives[0]!, 'big')).toBe('sha256');
    await layer.putObject(put('bkt', 'new', BIG));
    expect(bitrotOf(f.drives[0]!, 'new')).toBe('highwayhash256');
    for (const key of ['small', 'big', 'new'])
      expect(sha256(await bytes((await layer.getObject('bkt', key)).stream))).toBe(
        sha256(key === 'small' ? SMALL : BIG),
      );
    // Corruption is still caught under either checksum (in a data shard: reads open those
    // first), and heal rebuilds with the version's own.
    const onBig = driveWithShard(f.drives, 'bkt', 'big', 1);
    const onNew = driveWithShard(f.drives, 'bkt', 'new', 1);
    await corruptShard(f.drives[onBig]!, 'bkt', 'big');
    await corruptShard(f.drives[onNew]!, 'bkt', 'new');
    expect(sha256(await bytes((await layer.getObject('bkt', 'big')).stream))).toBe(sha256(BIG));
    expect(sha256(await bytes((await layer.getObject('bkt', 'new')).stream))).toBe(sha256(BIG));
    expect([...layer.healQueue].sort()).toEqual(['bkt/big', 'bkt/new']);
    expect(await layer.heal('bkt', 'big', { deep: true })).toMatchObject({ healed: [onBig] });
    expect(await layer.heal('bkt', 'new', { deep: true })).toMatchObject({ healed: [onNew] });
    expect(bitrotOf(f.drives[onBig]!, 'big')).toBe('sha256');
    // With two drives gone, only the healed copies can serve the objects.
    const others = [0, 1, 2, 3].filter((i) => i !== onBig && i !== onNew).slice(0, 2);
    for (const i of others) await wipeDrive(f.drives[i]!);
    const again = await f.open();
    expect(sha256(await bytes((await again.getObject('bkt', 'big')).stream))).toBe(sha256(BIG));
    expect(sha256(await bytes((await again.getObject('bkt', 'new')).stream))).toBe(sha256(BIG));
  });

  it('completes an upload begun under SHA-256 with parts sent now, all under SHA-256', async () => {
    const layer = await f.open();
    const tail = pattern(1000, 4);
    await layer.putObjectPart({
      bucket: 'bkt',
      key: 'parts',
      uploadId,
      partNumber: 2,
      body: body(tail),
      size: 1000,
    });
    const parts = await layer.listObjectParts('bkt', 'parts', uploadId);
    await layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'parts',
      uploadId,
      parts: parts.map((p) => ({ number: p.number, etag: p.etag })),
      versioning: 'unversioned',
    });
    expect(bitrotOf(f.drives[0]!, 'parts')).toBe('sha256');
    const got = await bytes((await layer.getObject('bkt', 'parts')).stream);
    expect(sha256(got)).toBe(sha256(Buffer.concat([pattern(MIN_PART_SIZE, 3), tail])));
  });
});
