import type { DriveHealing, HealQueueStatus } from '@stowage/contract';
import type { BgHealState, HealingDisk, MRFStatus } from '@stowage/madmin';

// The dashboard's view of the server's background heal status (madmin.BgHealState): drives
// being filled again, and the heal-on-read queue (its MRF entries, one per node).

/** Drives being filled again, by endpoint: their progress from the background heal status. */
export function refills(heal: BgHealState | undefined): Map<string, DriveHealing> {
  const out = new Map<string, DriveHealing>();
  for (const set of heal?.sets ?? [])
    for (const d of set.disks ?? []) {
      const h = d.heal_info as Partial<HealingDisk> | undefined;
      if (!d.healing || !h) continue;
      out.set(d.endpoint ?? d.path ?? '', {
        started: h.started ?? '',
        lastUpdate: h.last_update ?? '',
        objectsTotal: h.objects_total_count ?? 0,
        bytesTotal: h.objects_total_size ?? 0,
        itemsHealed: h.items_healed ?? 0,
        itemsFailed: h.items_failed ?? 0,
        bytesDone: h.bytes_done ?? 0,
        currentBucket: h.current_bucket ?? '',
        currentObject: h.current_object ?? '',
      });
    }
  return out;
}

/** The heal-on-read queue of every node, summed. */
export function healQueue(heal: BgHealState | undefined): HealQueueStatus | undefined {
  const nodes = Object.values(heal?.mrf ?? {});
  if (!heal || nodes.length === 0) return undefined;
  const sum = (pick: (m: MRFStatus) => number | undefined) => nodes.reduce((n, m) => n + (pick(m) ?? 0), 0);
  const since = nodes.map((m) => m.started).sort()[0] ?? '';
  const failed = sum((m) => m.items_failed);
  const dropped = sum((m) => m.items_dropped);
  const queued = sum((m) => m.total_items);
  const healed = sum((m) => m.items_healed);
  return {
    since,
    queued,
    healed,
    failed,
    dropped,
    // A server that does not say (MinIO) leaves what is neither healed nor failed as pending.
    pending: nodes.every((m) => m.items_pending !== undefined)
      ? sum((m) => m.items_pending)
      : Math.max(0, queued - healed - failed),
    bytesHealed: sum((m) => m.bytes_healed),
  };
}
