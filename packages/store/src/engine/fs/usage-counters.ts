import type { ObjectRecord } from '../../format/object-record.js';

// A bucket's usage as one drive counts it, kept beside its records and moved by every record
// written. Version 2 adds the size histogram of its objects (MinIO's objectsSizesHistogram);
// version 1 counters are read with their histogram worked out once from the drive's records.

/** Upper bounds (exclusive) of the histogram's classes; the last class has none. */
export const SIZE_CLASS_LIMITS = [1024, 1 << 20, 10 << 20, 64 << 20, 128 << 20, 512 << 20] as const;

export interface BucketUsageCounters {
  v: 2;
  /** Keys whose latest version is an object (not a delete marker). */
  objects: number;
  /** Object versions, latest or not. */
  versions: number;
  deleteMarkers: number;
  /** Bytes of every object version. */
  size: number;
  /** Objects (latest versions) per size class of SIZE_CLASS_LIMITS, and one above them. */
  sizes: number[];
}

export const zeroCounters = (): BucketUsageCounters => ({
  v: 2,
  objects: 0,
  versions: 0,
  deleteMarkers: 0,
  size: 0,
  sizes: new Array(SIZE_CLASS_LIMITS.length + 1).fill(0),
});

export const sizeClass = (size: number): number => {
  const i = SIZE_CLASS_LIMITS.findIndex((limit) => size < limit);
  return i < 0 ? SIZE_CLASS_LIMITS.length : i;
};

/** What one key's record adds to its bucket's counters. */
export function countersOf(record: ObjectRecord | undefined): BucketUsageCounters {
  const c = zeroCounters();
  if (!record) return c;
  const latest = record.versions[0];
  if (latest && !latest.deleteMarker) {
    c.objects = 1;
    c.sizes[sizeClass(latest.size)] = 1;
  }
  for (const v of record.versions) {
    if (v.deleteMarker) c.deleteMarkers++;
    else {
      c.versions++;
      c.size += v.size;
    }
  }
  return c;
}

/** Moves `u` from what `before` counted to what `after` counts. */
export function moveCounters(
  u: BucketUsageCounters,
  before: BucketUsageCounters,
  after: BucketUsageCounters,
): void {
  u.objects += after.objects - before.objects;
  u.versions += after.versions - before.versions;
  u.deleteMarkers += after.deleteMarkers - before.deleteMarkers;
  u.size += after.size - before.size;
  for (let i = 0; i < u.sizes.length; i++) u.sizes[i]! += (after.sizes[i] ?? 0) - (before.sizes[i] ?? 0);
}

/**
 * Stored counters, any version: version 1 had no histogram, so `records` (the bucket's
 * records on this drive) are read once for it. Anything else unreadable counts from zero.
 */
export function readCounters(
  raw: Record<string, unknown> | undefined,
  records: () => Iterable<ObjectRecord>,
): BucketUsageCounters {
  if (raw?.v === 2 && Array.isArray(raw.sizes)) return { ...zeroCounters(), ...raw } as BucketUsageCounters;
  if (raw?.v !== 1) return zeroCounters();
  const stored = raw as Omit<Partial<BucketUsageCounters>, 'v'>;
  const u = { ...zeroCounters(), ...stored, v: 2 as const, sizes: zeroCounters().sizes };
  for (const record of records()) {
    const c = countersOf(record);
    for (let i = 0; i < u.sizes.length; i++) u.sizes[i]! += c.sizes[i]!;
  }
  return u;
}
