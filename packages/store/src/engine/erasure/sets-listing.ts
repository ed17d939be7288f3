import { compareKeys } from '../listing.js';
import type {
  ListObjectsResult,
  ListUploadsResult,
  ListVersionsResult,
  ObjectInfo,
  UploadInfo,
} from '../object-layer.js';

// One listing page of a deployment of several erasure sets, from the same page of each set.
// A key lives in one set, so the sets' pages hold disjoint keys (common prefixes may repeat):
// the first max entries of the merged, ordered pages are the deployment's first max, since
// each set gave its own first max. Entries keep their set's order within one name (a key's
// versions newest first, its uploads by id).

interface Entry<T> {
  /** What the entry sorts by: the key, or the common prefix. */
  name: string;
  item?: T;
}

interface Page<T> {
  entries: Entry<T>[];
  isTruncated: boolean;
}

/** The first `max` entries of the pages, in name order, each common prefix once. */
function mergePages<T>(pages: Page<T>[], max: number): { taken: Entry<T>[]; isTruncated: boolean } {
  const all = pages.flatMap((p) => p.entries);
  // Stable: a name's entries stay in their set's order.
  all.sort((a, b) => compareKeys(a.name, b.name));
  const seenPrefixes = new Set<string>();
  const merged = all.filter((e) => {
    if (e.item !== undefined) return true;
    if (seenPrefixes.has(e.name)) return false;
    seenPrefixes.add(e.name);
    return true;
  });
  const taken = merged.slice(0, max);
  return { taken, isTruncated: merged.length > max || pages.some((p) => p.isTruncated) };
}

const prefixEntries = <T>(prefixes: string[]): Entry<T>[] => prefixes.map((name) => ({ name }));

const split = <T>(taken: Entry<T>[]) => ({
  items: taken.flatMap((e) => (e.item === undefined ? [] : [e.item])),
  prefixes: taken.flatMap((e) => (e.item === undefined ? [e.name] : [])),
});

export function mergeObjectPages(pages: ListObjectsResult[], maxKeys: number): ListObjectsResult {
  const { taken, isTruncated } = mergePages<ObjectInfo>(
    pages.map((p) => ({
      entries: [
        ...p.objects.map((o) => ({ name: o.key, item: o })),
        ...prefixEntries<ObjectInfo>(p.prefixes),
      ],
      isTruncated: p.isTruncated,
    })),
    maxKeys,
  );
  const { items, prefixes } = split(taken);
  const out: ListObjectsResult = { objects: items, prefixes, isTruncated };
  if (isTruncated && taken.length > 0) out.nextMarker = taken.at(-1)!.name;
  return out;
}

export function mergeVersionPages(pages: ListVersionsResult[], maxKeys: number): ListVersionsResult {
  const { taken, isTruncated } = mergePages<ObjectInfo>(
    pages.map((p) => ({
      entries: [
        ...p.versions.map((v) => ({ name: v.key, item: v })),
        ...prefixEntries<ObjectInfo>(p.prefixes),
      ],
      isTruncated: p.isTruncated,
    })),
    maxKeys,
  );
  const { items, prefixes } = split(taken);
  const out: ListVersionsResult = { versions: items, prefixes, isTruncated };
  const last = taken.at(-1);
  if (isTruncated && last) {
    out.nextKeyMarker = last.name;
    if (last.item) out.nextVersionIdMarker = last.item.versionId;
  }
  return out;
}

export function mergeUploadPages(pages: ListUploadsResult[], maxUploads: number): ListUploadsResult {
  const { taken, isTruncated } = mergePages<UploadInfo>(
    pages.map((p) => ({
      entries: [
        ...p.uploads.map((u) => ({ name: u.key, item: u })),
        ...prefixEntries<UploadInfo>(p.prefixes),
      ],
      isTruncated: p.isTruncated,
    })),
    maxUploads,
  );
  const { items, prefixes } = split(taken);
  const out: ListUploadsResult = { uploads: items, prefixes, isTruncated };
  const last = taken.at(-1);
  if (isTruncated && last) {
    out.nextKeyMarker = last.name;
    if (last.item) out.nextUploadIdMarker = last.item.uploadId;
  }
  return out;
}

/** The first `max` names of several sorted lists of disjoint keys. */
export function mergeNames(lists: string[][], max: number): string[] {
  return lists.flat().sort(compareKeys).slice(0, max);
}
