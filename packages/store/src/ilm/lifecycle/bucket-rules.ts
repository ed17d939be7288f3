import { BucketConfigStore } from '../../engine/bucket-config-store.js';
import type { SystemStore } from '../../engine/system-store.js';
import { storedTags } from '../../format/object-tags.js';
import type { Logger } from '../../observe/logger.js';
import { currentExpiry, type LifecycleRule, lifecycleRules } from './rules.js';

// A bucket's lifecycle rules, parsed once while the system namespace sees no write (its
// generation): every GET and HEAD asks for them (x-amz-expiration), and so does the scanner
// for every version it meets.

const MAX_BUCKETS = 10_000;
type Parsed = Map<string, { generation: number; rules: Promise<LifecycleRule[]> }>;
const parsed = new WeakMap<SystemStore, Parsed>();

/** The bucket's lifecycle rules; none when it has no document, or one that cannot be read (logged). */
export function bucketLifecycle(system: SystemStore, bucket: string, log?: Logger): Promise<LifecycleRule[]> {
  let byBucket = parsed.get(system);
  if (!byBucket) {
    byBucket = new Map();
    parsed.set(system, byBucket);
  }
  const generation = system.generation;
  const known = byBucket.get(bucket);
  if (known?.generation === generation) return known.rules;
  if (byBucket.size >= MAX_BUCKETS) byBucket.clear();
  const rules = new BucketConfigStore(system)
    .get(bucket, 'lifecycle')
    .then(lifecycleRules)
    .catch((err: unknown) => {
      log?.error(`lifecycle: the rules of ${bucket} cannot be read: ${String(err)}`, { err });
      return [];
    });
  byBucket.set(bucket, { generation, rules });
  return rules;
}

/**
 * x-amz-expiration of a current version an Expiration rule covers, as AWS sends it:
 * `expiry-date="<RFC 1123 date>", rule-id="<id>"`.
 */
export async function expirationHeader(
  system: SystemStore,
  info: {
    bucket: string;
    key: string;
    isLatest: boolean;
    deleteMarker: boolean;
    size: number;
    modTime: Date;
    tags: string;
  },
): Promise<string | undefined> {
  if (!info.isLatest || info.deleteMarker) return undefined;
  const rules = await bucketLifecycle(system, info.bucket);
  if (!rules.some((r) => r.expiration)) return undefined;
  const due = currentExpiry(rules, {
    key: info.key,
    size: info.size,
    modTime: info.modTime,
    tags: new Map(storedTags(info.tags).map((t) => [t.key, t.value])),
  });
  return due && `expiry-date="${due.at.toUTCString()}", rule-id="${due.ruleId}"`;
}
