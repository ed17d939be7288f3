import type { AdminInfoResponse, DriveHealing } from '@stowage/contract';

// What the server's background heal is doing, read from its status: shared by the Healing
// panel, the drive cards and the status query (which asks again while a heal runs).

/** How far a drive's refill has got, in whole percent of the objects it is to get. */
export function refillPercent(h: DriveHealing): number {
  if (h.objectsTotal <= 0) return 0;
  return Math.min(100, Math.floor(((h.itemsHealed + h.itemsFailed) * 100) / h.objectsTotal));
}

/** True while a drive is being refilled or objects wait in the heal-on-read queue. */
export function healInProgress(info: AdminInfoResponse): boolean {
  return (
    (info.healQueue?.pending ?? 0) > 0 ||
    info.servers.some((s) => s.drives.some((d) => d.healing !== undefined))
  );
}
