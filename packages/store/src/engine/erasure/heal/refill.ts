import type { DriveRefill } from '../../object-layer.js';

/**
 * How far a whole-store heal that fills drives again has got (MinIO's healing tracker):
 * one record per drive being filled, updated as each object is healed.
 */
export class RefillProgress {
  private readonly byDrive = new Map<number, DriveRefill>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Drives (their deployment positions) a heal of every object is about to fill. */
  begin(
    drives: readonly number[],
    buckets: readonly string[],
    objectsTotal: number,
    bytesTotal: number,
  ): void {
    const at = new Date(this.now());
    for (const drive of drives)
      this.byDrive.set(drive, {
        drive,
        started: this.byDrive.get(drive)?.started ?? at,
        lastUpdate: at,
        objectsTotal,
        bytesTotal,
        itemsHealed: 0,
        itemsFailed: 0,
        bytesDone: 0,
        bytesFailed: 0,
        bucket: '',
        object: '',
        queuedBuckets: [...buckets],
        healedBuckets: [],
      });
  }

  /** One object done (or not) on every drive being filled. */
  object(bucket: string, key: string, bytes: number, ok: boolean): void {
    const at = new Date(this.now());
    for (const r of this.byDrive.values()) {
      if (r.bucket !== bucket) {
        if (r.bucket !== '') r.healedBuckets.push(r.bucket);
        r.queuedBuckets = r.queuedBuckets.filter((b) => b !== bucket);
      }
      r.bucket = bucket;
      r.object = key;
      r.lastUpdate = at;
      if (ok) {
        r.itemsHealed++;
        r.bytesDone += bytes;
      } else {
        r.itemsFailed++;
        r.bytesFailed += bytes;
      }
    }
  }

  /** The drives are whole again (or the heal ended): they are no longer reported. */
  end(drives: readonly number[]): void {
    for (const d of drives) this.byDrive.delete(d);
  }

  list(): DriveRefill[] {
    return [...this.byDrive.values()].map((r) => ({
      ...r,
      queuedBuckets: [...r.queuedBuckets],
      healedBuckets: [...r.healedBuckets],
    }));
  }
}
