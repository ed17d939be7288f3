import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { type BgHealState, MadminClient, type MRFStatus } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  corruptShard,
  corruptShardFiles,
  driveRecord,
  driveWithShard,
  pattern,
  sha256,
  wipeDrive,
} from '../faults/support.js';

// Heal on read (MinIO's MRF): a 4-drive store (EC 2+2), bitrot on every shard file of one
// drive, every object read once; the queue drains; then two OTHER drives are wiped. Every
// object must still read back whole: the reads (and the background check of the parity
// shards they did not read) healed the bitrot before the second and third drive went.

const N = 200;
// Past the inline limit (128 KiB): each drive holds a shard file per object.
const OBJECTS = Array.from({ length: N }, (_, i) => ({
  key: `obj/${String(i).padStart(3, '0')}`,
  body: pattern(200 * 1024 + i * 37, i + 1),
}));

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.minio.makeBucket('bkt');
  for (const o of OBJECTS) await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: o.key, Body: o.body }));
});
afterAll(() => t.close());

/** How many objects read back with exactly the bytes written. */
async function intact(): Promise<number> {
  let ok = 0;
  for (const o of OBJECTS) {
    const res = await t.s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: o.key })).catch(() => undefined);
    const got = res && (await res.Body!.transformToByteArray());
    if (got && sha256(got) === sha256(o.body)) ok++;
  }
  return ok;
}

const mrfOf = (s: BgHealState): MRFStatus => Object.values(s.mrf ?? {})[0]!;

/** Polls the admin heal status until the queue holds nothing (a generous deadline, not a timing). */
async function drained(deadlineMs = 120_000): Promise<BgHealState> {
  return vi.waitFor(
    async () => {
      const s = await admin.heal.background();
      const mrf = mrfOf(s);
      if (mrf.total_items > 0 && mrf.items_pending === 0) return s;
      throw new Error(`heal queue not drained: ${JSON.stringify(mrf)}`);
    },
    { timeout: deadlineMs, interval: 200 },
  );
}

describe('heal on read', () => {
  it('an idle store reports an empty queue and its sets', async () => {
    const s = await admin.heal.background();
    expect(s.sc_parity).toEqual({ STANDARD: 2, REDUCED_REDUNDANCY: 2 });
    expect(s.HealDisks).toEqual([]);
    expect(s.sets).toHaveLength(1);
    expect(s.sets![0]).toMatchObject({ id: '0-0', pool_index: 0, set_index: 0, heal_status: '' });
    expect(s.sets![0]!.disks?.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(mrfOf(s)).toMatchObject({ total_items: 0, items_healed: 0, items_pending: 0 });
  });

  it("checks an inline object's unread parity shard during the read itself, healing it when bad", async () => {
    // 4 KiB: every drive's shard sits inline in its record, which the read already holds.
    const body = pattern(4096, 99);
    await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'small/bad', Body: body }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'small/good', Body: body }));
    const parity = t.drives[driveWithShard(t.drives, 'bkt', 'small/bad', 2)]!;
    const whole = Buffer.from(driveRecord(parity, 'bkt', 'small/bad')!.versions[0]!.data!.inline!);
    await corruptShard(parity, 'bkt', 'small/bad');
    const before = mrfOf(await admin.heal.background());

    const read = async (key: string) => {
      const res = await t.s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: key }));
      return sha256(await res.Body!.transformToByteArray());
    };
    // An intact one is checked (counted) without entering the queue.
    expect(await read('small/good')).toBe(sha256(body));
    let now = mrfOf(await admin.heal.background());
    expect(now.items_verified).toBe(before.items_verified! + 1);
    expect(now.total_items).toBe(before.total_items);
    // The damaged one is served from its data shards; the read found the bad parity shard
    // and queued a heal before answering.
    expect(await read('small/bad')).toBe(sha256(body));
    now = mrfOf(await admin.heal.background());
    expect(now.items_verified).toBe(before.items_verified! + 2);
    expect(now.total_items).toBe(before.total_items + 1);
    await drained();
    expect(Buffer.from(driveRecord(parity, 'bkt', 'small/bad')!.versions[0]!.data!.inline!)).toEqual(whole);
  });

  it('bitrot on one drive is healed after one read of each object: two more drives may then go', async () => {
    expect(await corruptShardFiles(t.drives[0]!, 'bkt')).toBe(N);
    expect(await intact()).toBe(N);
    const s = await drained();
    const mrf = mrfOf(s);
    // Every read queued its unread shards for a check; the damaged ones were healed.
    expect(mrf.total_items).toBeGreaterThanOrEqual(N);
    expect(mrf.items_healed + (mrf.items_failed ?? 0)).toBe(mrf.total_items);
    expect(mrf.items_failed).toBe(0);
    expect(mrf.bytes_healed).toBeGreaterThan(0);
    expect(mrf.bytes_healed).toBeLessThanOrEqual(mrf.total_bytes);
    expect(Date.parse(mrf.started)).toBeLessThanOrEqual(Date.now());
    await wipeDrive(t.drives[1]!);
    await wipeDrive(t.drives[2]!);
    expect(await intact()).toBe(N);
  });
});
