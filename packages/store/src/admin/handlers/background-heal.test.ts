import type { Disk, HealingDisk } from '@stowage/madmin';
import { beforeEach, describe, expect, it } from 'vitest';
import { wipeDrive } from '../../../test/faults/support.js';
import { bucketEachTest, bytes, put } from '../../engine/test-support/engine.js';
import { backgroundHealStatus } from './background-heal.js';

// The background heal status of a real engine: a wiped drive shows as healing from the
// moment it is found gone, with its progress while the refill runs; and no longer once it
// is whole.

// The layer is built with a pacer that calls this: the test holds the refill with it.
const noPause = (): Promise<void> => Promise.resolve();
let pace = noPause;
beforeEach(() => {
  pace = noPause;
});
const t = bucketEachTest('bkt', { healPacer: () => pace() });

describe('background heal status', () => {
  it('reports a drive being refilled with its progress, then not once it is whole', async () => {
    const keys = ['a', 'b', 'c', 'd'];
    for (const key of keys) await t.layer.putObject(put('bkt', key, `body of ${key}`));
    await wipeDrive(t.f.drives[2]!);
    // A read finds the drive gone; the recovery formats it and heals every object onto it.
    expect((await bytes((await t.layer.getObject('bkt', 'a')).stream)).toString()).toBe('body of a');
    // Found gone, it is healing from then on: before it is formatted again, with no progress yet.
    const waiting = (await backgroundHealStatus(t.layer, 'node:9000')) as {
      HealDisks: string[];
      sets: { heal_status: string; disks: Disk[] }[];
    };
    expect(waiting.HealDisks).toEqual([t.f.drives[2]]);
    expect(waiting.sets[0]!.heal_status).toBe('Healing');
    expect(waiting.sets[0]!.disks[2]).toMatchObject({ healing: true });
    expect(waiting.sets[0]!.disks[2]!.heal_info).toBeUndefined();
    // The refill waits before each object: held before the third, two are done.
    let paced = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let reached!: () => void;
    const atThird = new Promise<void>((r) => {
      reached = r;
    });
    pace = async () => {
      if (++paced === 3) {
        reached();
        await held;
      }
    };
    const recovery = t.layer.recoverDrives();
    await atThird;
    const during = (await backgroundHealStatus(t.layer, 'node:9000')) as {
      HealDisks: string[];
      sets: { heal_status: string; heal_priority: string; disks: Disk[] }[];
    };
    expect(during.HealDisks).toEqual([t.f.drives[2]]);
    expect(during.sets[0]).toMatchObject({ heal_status: 'Healing', heal_priority: 'high' });
    const disk = during.sets[0]!.disks[2]!;
    expect(disk.healing).toBe(true);
    const info = disk.heal_info as unknown as HealingDisk;
    expect(info).toMatchObject({
      endpoint: t.f.drives[2],
      disk_index: 2,
      objects_total_count: keys.length,
      items_healed: 2,
      items_failed: 0,
      current_bucket: 'bkt',
      current_object: 'b',
      queued_buckets: [],
    });
    expect(info.bytes_done).toBe('body of a'.length * 2);
    expect(Date.parse(info.last_update)).toBeGreaterThanOrEqual(Date.parse(info.started));
    release();
    await recovery;
    const after = (await backgroundHealStatus(t.layer, 'node:9000')) as {
      HealDisks: string[];
      sets: { heal_status: string; disks: Disk[] }[];
      mrf: Record<string, unknown>;
    };
    expect(after.HealDisks).toEqual([]);
    expect(after.sets[0]!.heal_status).toBe('');
    expect(after.sets[0]!.disks.every((d) => d.healing === undefined && d.state === 'ok')).toBe(true);
    expect(Object.keys(after.mrf)).toEqual(['node:9000']);
  });
});
