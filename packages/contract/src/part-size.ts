// How a browser upload is cut into parts: S3 takes parts of at least 5 MiB (but the last) and
// at most 10,000 of them; a proxy in front of the server may refuse bodies above some size.

const MIB = 1024 * 1024;
/** S3's smallest part (all but the last). */
export const PART_SIZE_MIN = 5 * MIB;
/** S3's largest part. */
export const PART_SIZE_MAX = 5 * 1024 * MIB;
/** Parts of this size when the file allows: few requests, yet a retry resends little. */
export const PART_SIZE_PREFERRED = 16 * MIB;
export const PARTS_MAX = 10_000;

export interface PartPlan {
  partSize: number;
  partCount: number;
}

/**
 * The part size for a file: the preferred size, larger when 10,000 parts would not hold the file
 * (in whole MiB), never above `maxPartBytes` (a proxy's body limit). Undefined when the file
 * cannot be cut within those bounds (the caller explains why).
 */
export function planParts(size: number, maxPartBytes?: number): PartPlan | undefined {
  const ceiling = Math.min(maxPartBytes ?? PART_SIZE_MAX, PART_SIZE_MAX);
  const needed = Math.ceil(Math.ceil(size / PARTS_MAX) / MIB) * MIB;
  const partSize = Math.min(Math.max(PART_SIZE_PREFERRED, needed), ceiling);
  if (partSize < PART_SIZE_MIN && size > partSize) return undefined;
  const partCount = Math.max(1, Math.ceil(size / partSize));
  return partCount > PARTS_MAX ? undefined : { partSize, partCount };
}
