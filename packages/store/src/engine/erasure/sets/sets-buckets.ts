import { isCode } from '../../errors.js';
import type { ErasureObjectLayer } from '../erasure-layer.js';

// How the erasure sets of a deployment settle a bucket they disagree on (ErasureSets holds
// the bucket's lock around it). The first set is the authority: a bucket it lacks goes from
// the sets that keep it empty; kept with objects anywhere, or held by the first set, every
// set gets it, the first set last.

/** A set that has the bucket already is as good as one that just made it (false: it made none). */
export function alreadyThere(err: unknown): false {
  if (!isCode(err, 'BucketAlreadyOwnedByYou')) throw err;
  return false;
}

/** Settles one bucket between the sets; how many sets were changed. */
export async function settleBucket(sets: readonly ErasureObjectLayer[], bucket: string): Promise<number> {
  const has = (s: ErasureObjectLayer) =>
    s.getBucketInfo(bucket).then(
      () => true,
      (err: unknown) => (isCode(err, 'NoSuchBucket') ? false : Promise.reject(err)),
    );
  const holding = await Promise.all(sets.map(has));
  if (holding.every(Boolean)) return 0;
  let keep = holding[0]!;
  let changed = 0;
  if (!keep)
    for (const [i, s] of sets.entries()) {
      if (!holding[i]) continue;
      const emptied = await s.deleteBucket(bucket).then(
        () => true,
        (err: unknown) => (isCode(err, 'BucketNotEmpty') ? false : Promise.reject(err)),
      );
      holding[i] = !emptied;
      changed++;
      keep ||= !emptied;
    }
  if (!keep) return changed;
  // The first set last: the bucket is seen once every set has it.
  for (const i of [...sets.keys()].reverse())
    if (!holding[i]) {
      await sets[i]!.makeBucket(bucket).catch(alreadyThere);
      changed++;
    }
  return changed;
}
