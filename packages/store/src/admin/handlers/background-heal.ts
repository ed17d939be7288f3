import type { Disk } from '@stowage/madmin';
import type { DriveRefill, MaintenanceLayer } from '../../engine/object-layer.js';
import { diskJson } from './server-info.js';

// POST /background-heal/status (madmin.BgHealState): the sets and their drives, the drives
// being filled again with their progress (Disk.heal_info, madmin.HealingDisk), and the
// heal-on-read queue as this node's MRF entry. Our MRF entry carries four more figures
// than madmin's MRFStatus (failed, dropped, pending, verified); Go clients skip them.
// A drive found lost or wiped is healing from then on, before it is formatted again and
// filled (it has no heal_info until the filling starts), so a status read between the two
// never shows a whole set that is not.

const iso = (d: Date) => d.toISOString();

/** madmin.HealingDisk for one drive being refilled. */
function healingDisk(r: DriveRefill, disk: Disk): Record<string, unknown> {
  return {
    id: disk.uuid ?? '',
    heal_id: '',
    pool_index: 0,
    set_index: disk.set_index,
    disk_index: disk.disk_index,
    endpoint: disk.endpoint ?? '',
    path: disk.path ?? '',
    started: iso(r.started),
    last_update: iso(r.lastUpdate),
    objects_total_count: r.objectsTotal,
    objects_total_size: r.bytesTotal,
    items_healed: r.itemsHealed,
    items_failed: r.itemsFailed,
    bytes_done: r.bytesDone,
    bytes_failed: r.bytesFailed,
    objects_healed: r.itemsHealed,
    objects_failed: r.itemsFailed,
    current_bucket: r.bucket,
    current_object: r.object,
    queued_buckets: r.queuedBuckets,
    healed_buckets: r.healedBuckets,
  };
}

export async function backgroundHealStatus(layer: MaintenanceLayer, host: string): Promise<unknown> {
  const { queue, refills, recovering } = layer.backgroundHeal();
  const refilling = new Map(refills.map((r) => [r.drive, r]));
  const owed = new Set(recovering);
  const info = layer.backendInfo();
  const drives = await layer.drives();
  const sets = new Map<number, Disk[]>();
  const healDisks: string[] = [];
  for (const d of drives) {
    const disk = diskJson(d);
    const refill = refilling.get(d.index);
    if (refill || owed.has(d.index)) {
      disk.healing = true;
      if (refill) disk.heal_info = healingDisk(refill, disk);
      healDisks.push(d.path);
    }
    sets.set(d.set, [...(sets.get(d.set) ?? []), disk]);
  }
  return {
    offline_nodes: [],
    ScannedItemsCount: queue.itemsVerified,
    HealDisks: healDisks,
    sets: [...sets].map(([set, disks]) => {
      const healing = disks.some((d) => d.healing);
      return {
        id: `0-${set}`,
        pool_index: 0,
        set_index: set,
        heal_status: healing ? 'Healing' : '',
        heal_priority: healing ? 'high' : '',
        total_objects: 0,
        disks: disks.sort((a, b) => a.disk_index - b.disk_index),
      };
    }),
    mrf: {
      [host]: {
        bytes_healed: queue.bytesHealed,
        items_healed: queue.itemsHealed,
        total_items: queue.totalItems,
        total_bytes: queue.totalBytes,
        started: iso(queue.started),
        items_failed: queue.itemsFailed,
        items_dropped: queue.itemsDropped,
        items_pending: queue.pending,
        items_verified: queue.itemsVerified,
      },
    },
    sc_parity: { STANDARD: info.parityShards, REDUCED_REDUNDANCY: info.parityShards },
  };
}
