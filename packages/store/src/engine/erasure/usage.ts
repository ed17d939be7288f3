import { zeroCounters } from '../fs/usage-counters.js';
import type { BucketUsage } from '../object-layer.js';

/**
 * The usage most drives count. Each drive counts what it holds, so a drive that missed
 * writes while it was away counts less (or keeps what was deleted meanwhile) until heal
 * catches it up: the first drive's figures could let a write past the quota, or refuse
 * one. A tie (two drives, or writes landing right now) goes to the bigger figure: a quota
 * holds at worst a moment early, never late.
 */
export function agreedUsage(counts: readonly BucketUsage[]): BucketUsage {
  const groups = new Map<string, { usage: BucketUsage; drives: number }>();
  for (const { size, objects, versions, deleteMarkers, sizes } of counts) {
    const key = `${size}/${objects}/${versions}/${deleteMarkers}/${sizes.join(',')}`;
    const group = groups.get(key) ?? {
      usage: { size, objects, versions, deleteMarkers, sizes: [...sizes] },
      drives: 0,
    };
    group.drives++;
    groups.set(key, group);
  }
  let best: { usage: BucketUsage; drives: number } | undefined;
  for (const g of groups.values())
    if (!best || g.drives > best.drives || (g.drives === best.drives && g.usage.size > best.usage.size))
      best = g;
  return best?.usage ?? { size: 0, objects: 0, versions: 0, deleteMarkers: 0, sizes: zeroCounters().sizes };
}
