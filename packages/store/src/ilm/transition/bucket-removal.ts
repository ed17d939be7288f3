import { withOverrides } from '../../engine/layer-overrides.js';
import type { ObjectInfo, ObjectLayer } from '../../engine/object-layer.js';
import { bucketVersionPages } from '../../engine/version-walk.js';
import { remoteOf } from './transitioned.js';

// A force-deleted bucket takes its versions without removing them one by one, so the engine
// tells nobody of them: its transitioned versions are gathered before the removal and their
// tier copies handed on once the bucket is gone (never before: a removal refused keeps them).

export type TierCopiesRemoved = (versions: ObjectInfo[]) => Promise<void>;

async function transitionedVersions(layer: ObjectLayer, bucket: string): Promise<ObjectInfo[]> {
  const out: ObjectInfo[] = [];
  for await (const page of bucketVersionPages(layer, bucket)) out.push(...page.filter((v) => remoteOf(v)));
  return out;
}

/** The layer, its force deletes of buckets handing their tier copies to `removed`. */
export function withTierCopiesOfRemovedBuckets<L extends ObjectLayer>(
  layer: L,
  removed: TierCopiesRemoved,
): L {
  const deleteBucket: ObjectLayer['deleteBucket'] = async (bucket, opts = {}) => {
    if (!opts.force) return layer.deleteBucket(bucket, opts);
    const tiered = await transitionedVersions(layer, bucket);
    return layer.deleteBucket(bucket, {
      ...opts,
      afterRemove: async () => {
        await opts.afterRemove?.();
        if (tiered.length > 0) await removed(tiered);
      },
    });
  };
  return withOverrides(layer, { deleteBucket });
}
