import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexFilePath } from '../../src/engine/fs/drive-index.js';
import { dataDir, sysPath } from '../../src/engine/fs/layout.js';
import { corruptShard, damageTreePages, driveRecord, driveWithShard, pattern } from '../faults/support.js';

// `heal bitrotscan=on`: damage to a shard no read opens (parity) is found by the scan and
// healed, byte for byte, without any client reading the object; so is a damaged index.

const { CreateBucketCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'scanned' }));
});
afterAll(() => t.close());

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The shard file of the key's latest version on one drive, hashed. */
async function shardOn(drive: string, key: string): Promise<string> {
  const data = driveRecord(drive, 'scanned', key)!.versions[0]!.data!;
  return sha(await readFile(join(dataDir(drive, 'scanned', key, data.id), data.parts[0]!.file!)));
}

describe('heal bitrotscan', () => {
  it('finds and heals a damaged parity shard nobody reads, once it is on', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'scanned', Key: 'cold.bin', Body: pattern(700_000, 5) }));
    const parity = t.drives[driveWithShard(t.drives, 'scanned', 'cold.bin', 3)]!;
    const before = await shardOn(parity, 'cold.bin');
    await corruptShard(parity, 'scanned', 'cold.bin');
    expect(await shardOn(parity, 'cold.bin')).not.toBe(before);
    // Off (the default): nothing looks at it.
    await new Promise((r) => setTimeout(r, 300));
    expect(await shardOn(parity, 'cold.bin')).not.toBe(before);
    await admin.config.setKV('scanner speed=fastest');
    await admin.config.setKV('heal bitrotscan=on');
    await expect.poll(() => shardOn(parity, 'cold.bin'), { timeout: 10_000, interval: 100 }).toBe(before);
    await admin.config.setKV('heal bitrotscan=off');
  });

  it("finds a drive's damaged index (metadata has no shard checksums), and the drive is filled again", async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'scanned', Key: 'kept.txt', Body: 'kept' }));
    const drive = t.drives[3]!;
    // Damage LMDB reads past without a check: each tree page names another page as itself.
    expect(await damageTreePages(indexFilePath(drive), 'page number')).toBeGreaterThan(0);
    await admin.config.setKV('scanner speed=fastest');
    await admin.config.setKV('heal bitrotscan=on');
    const setAside = async () => (await readdir(sysPath(drive))).some((n) => n.startsWith('index.damaged-'));
    await expect.poll(setAside, { timeout: 10_000, interval: 100 }).toBe(true);
    await expect
      .poll(() => driveRecord(drive, 'scanned', 'kept.txt'), { timeout: 10_000, interval: 100 })
      .toBeDefined();
    await admin.config.setKV('heal bitrotscan=off');
  });
});
