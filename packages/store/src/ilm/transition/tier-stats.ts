import type { ObjectLayer } from '../../engine/object-layer.js';
import { remoteOf } from './transitioned.js';

// What each tier holds (madmin.TierStats: bytes, versions, and objects whose latest version
// is there), counted over every version of every bucket. MinIO keeps these from its scanner;
// counted on demand here, a page of versions at a time.

export interface TierStats {
  totalSize: number;
  numVersions: number;
  numObjects: number;
}

const PAGE = 1000;

export async function tierUsage(layer: ObjectLayer): Promise<Map<string, TierStats>> {
  const out = new Map<string, TierStats>();
  for (const { name: bucket } of await layer.listBuckets()) {
    let keyMarker = '';
    let versionIdMarker = '';
    for (;;) {
      const page = await layer.listObjectVersions({
        bucket,
        prefix: '',
        delimiter: '',
        keyMarker,
        versionIdMarker,
        maxKeys: PAGE,
      });
      for (const v of page.versions) {
        const remote = remoteOf(v);
        if (!remote) continue;
        const stats = out.get(remote.tier) ?? { totalSize: 0, numVersions: 0, numObjects: 0 };
        stats.totalSize += v.size;
        stats.numVersions += 1;
        if (v.isLatest) stats.numObjects += 1;
        out.set(remote.tier, stats);
      }
      if (!page.isTruncated) break;
      keyMarker = page.nextKeyMarker ?? '';
      versionIdMarker = page.nextVersionIdMarker ?? '';
    }
  }
  return out;
}
