import type { ByteRange, ObjectInfo, ObjectPartInfo } from '../engine/object-layer.js';

// Stored objects whose bytes differ from the client's (encrypted, compressed) are read part
// by part: which parts a plaintext range touches, and where each one's stored bytes begin.

export interface CoveredPart {
  part: ObjectPartInfo;
  /** The range within the part's plaintext, inclusive. */
  from: number;
  to: number;
  /** Where the part's stored bytes begin in the object's. */
  storedAt: number;
}

/** The parts `wanted` touches (the whole object when undefined; none for an empty one). */
export function coveredParts(info: ObjectInfo, wanted: ByteRange | undefined): CoveredPart[] {
  const want = wanted ?? (info.size > 0 ? { start: 0, end: info.size - 1 } : undefined);
  const out: CoveredPart[] = [];
  if (!want) return out;
  let plainAt = 0;
  let storedAt = 0;
  for (const part of info.parts) {
    const last = plainAt + part.size - 1;
    if (part.size > 0 && last >= want.start && plainAt <= want.end)
      out.push({
        part,
        from: Math.max(want.start, plainAt) - plainAt,
        to: Math.min(want.end, last) - plainAt,
        storedAt,
      });
    plainAt += part.size;
    storedAt += part.storedSize;
  }
  return out;
}
