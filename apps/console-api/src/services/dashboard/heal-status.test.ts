import type { BgHealState } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { healQueue, refills } from './heal-status.js';

// A BgHealState as the store (and MinIO) sends it: one drive of four being filled again.
const disk = (i: number, healing = false) => ({
  endpoint: `/data/d${i}`,
  path: `/data/d${i}`,
  state: 'ok',
  major: 0,
  minor: 0,
  pool_index: 0,
  set_index: 0,
  disk_index: i,
  ...(healing
    ? {
        healing: true,
        heal_info: {
          started: '2026-11-28T10:00:00.000Z',
          last_update: '2026-11-28T10:01:00.000Z',
          objects_total_count: 200,
          objects_total_size: 4096,
          items_healed: 50,
          items_failed: 1,
          bytes_done: 1024,
          current_bucket: 'photos',
          current_object: '2026/a.jpg',
        },
      }
    : {}),
});
const state = (mrf: BgHealState['mrf']): BgHealState => ({
  offline_nodes: [],
  ScannedItemsCount: 0,
  HealDisks: ['/data/d2'],
  sets: [
    {
      id: '0-0',
      pool_index: 0,
      set_index: 0,
      heal_status: 'Healing',
      heal_priority: 'high',
      total_objects: 0,
      disks: [disk(0), disk(1), disk(2, true), disk(3)],
    },
  ],
  mrf,
  sc_parity: { STANDARD: 2 },
});

describe('the dashboard view of the background heal', () => {
  it('gives the progress of each drive being filled again, by endpoint', () => {
    const healing = refills(state(null));
    expect([...healing.keys()]).toEqual(['/data/d2']);
    expect(healing.get('/data/d2')).toEqual({
      started: '2026-11-28T10:00:00.000Z',
      lastUpdate: '2026-11-28T10:01:00.000Z',
      objectsTotal: 200,
      bytesTotal: 4096,
      itemsHealed: 50,
      itemsFailed: 1,
      bytesDone: 1024,
      currentBucket: 'photos',
      currentObject: '2026/a.jpg',
    });
    expect(refills(undefined).size).toBe(0);
  });

  it("sums the nodes' queues; a node that does not say what is pending (MinIO) leaves the rest", () => {
    const ours = {
      bytes_healed: 10,
      items_healed: 3,
      total_items: 5,
      total_bytes: 20,
      started: '2026-11-28T09:00:00.000Z',
      items_failed: 1,
      items_dropped: 2,
      items_pending: 1,
    };
    const minio = {
      bytes_healed: 5,
      items_healed: 4,
      total_items: 6,
      total_bytes: 9,
      started: '2026-11-28T08:00:00.000Z',
    };
    expect(healQueue(state({ a: ours }))).toEqual({
      since: '2026-11-28T09:00:00.000Z',
      queued: 5,
      healed: 3,
      failed: 1,
      dropped: 2,
      pending: 1,
      bytesHealed: 10,
    });
    expect(healQueue(state({ a: ours, b: minio }))).toMatchObject({
      since: '2026-11-28T08:00:00.000Z',
      queued: 11,
      healed: 7,
      pending: 3,
    });
    expect(healQueue(state(null))).toBeUndefined();
    expect(healQueue(undefined)).toBeUndefined();
  });
});
