import { compareKeys } from '../../listing.js';
import type {
  ListObjectsResult,
  ListUploadsResult,
  ListVersionsResult,
  ObjectInfo,
  UploadInfo,
} from '../../object-layer.js';
import { uploadName } from '../multipart/uploads.js';

// One listing page of a deployment of several erasure sets, from the same page of each set.
// A key lives in one set, so the sets' pages hold disjoint keys (common prefixes may repeat).
// A set's page is complete up to where it stopped: its last entry, or the last hidden entry
// it read when it ran out of its budget of hidden entries (keys whose latest version is a
// delete marker) before filling the page. The merged page holds entries up to the earliest
// such stop only, and goes on from there: past it, a set that stopped early may still hold
// keys that sort before another set's. Entries keep their set's order within one name (a
// key's versions newest first).

interface Entry<T> {
  /** What the entry sorts by: the key (with its upload id, for uploads), or the common prefix. */
  name: string;
  item?: T;
}

interface Page<T> {
  entries: Entry<T>[];
  isTruncated: boolean;
  /** Truncated: the name through which the page is complete. */
  stop?: string;
}

interface Merged<T> {
  taken: Entry<T>[];
  isTruncated: boolean;
  /** The page whose stop ended the merged page before it was full: it goes on from there. */
  stoppedBy?: number;
}

/** The first `max` entries of the pages, in name order, each common prefix once. */
function mergePages<T>(pages: Page<T>[], max: number): Merged<T> {
  let stoppedBy: number | undefined;
  for (const [i, p] of pages.entries())
    if (
      p.isTruncated &&
      p.stop !== undefined &&
      (stoppedBy === undefined || compareKeys(p.stop, pages[stoppedBy]!.stop!) < 0)
    )
      stoppedBy = i;
  const stop = stoppedBy === undefined ? undefined : pages[stoppedBy]!.stop!;
  // Sorted by the names' UTF-8 bytes, each encoded once. Stable: a name's entries stay in
  // their set's order.
  const all = pages
    .flatMap((p) => p.entries)
    .map((e) => ({ e, bytes: Buffer.from(e.name, 'utf8') }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ e }) => e);
  const seenPrefixes = new Set<string>();
  const merged = all.filter((e) => {
    if (e.item !== undefined) return true;
    if (seenPrefixes.has(e.name)) return false;
    seenPrefixes.add(e.name);
    return true;
  });
  // Up to the stop. A common prefix the stop lies inside, listed by another set, is known
  // to list: it ends the page (every name between it and the stop lies inside it), and the
  // next page goes on past it.
  const complete = stop === undefined ? merged : merged.filter((e) => compareKeys(e.name, stop) <= 0);
  const taken = complete.slice(0, max);
  const isTruncated = merged.length > taken.length || pages.some((p) => p.isTruncated);
  const last = taken.at(-1);
  const stopInsideLast =
    stop !== undefined && last?.item === undefined && last !== undefined && stop.startsWith(last.name);
  return taken.length < max && isTruncated && stoppedBy !== undefined && !stopInsideLast
    ? { taken, isTruncated, stoppedBy }
    : { taken, isTruncated };
}

/** A set's page as the merge sees it: its items by name, then its common prefixes. */
const pageOf = <T>(
  items: T[],
  nameOf: (item: T) => string,
  prefixes: string[],
  isTruncated: boolean,
  stop: string | undefined,
): Page<T> => ({
  entries: [...items.map((item) => ({ name: nameOf(item), item })), ...prefixes.map((name) => ({ name }))],
  isTruncated,
  ...(stop === undefined ? {} : { stop }),
});

const split = <T>(taken: Entry<T>[]) => ({
  items: taken.flatMap((e) => (e.item === undefined ? [] : [e.item])),
  prefixes: taken.flatMap((e) => (e.item === undefined ? [e.name] : [])),
});

export function mergeObjectPages(pages: ListObjectsResult[], maxKeys: number): ListObjectsResult {
  const { taken, isTruncated, stoppedBy } = mergePages<ObjectInfo>(
    pages.map((p) => pageOf(p.objects, (o) => o.key, p.prefixes, p.isTruncated, p.nextMarker)),
    maxKeys,
  );
  const { items, prefixes } = split(taken);
  const out: ListObjectsResult = { objects: items, prefixes, isTruncated };
  const next = stoppedBy === undefined ? taken.at(-1)?.name : pages[stoppedBy]!.nextMarker;
  if (isTruncated && next !== undefined) out.nextMarker = next;
  return out;
}

export function mergeVersionPages(pages: ListVersionsResult[], maxKeys: number): ListVersionsResult {
  const { taken, isTruncated, stoppedBy } = mergePages<ObjectInfo>(
    pages.map((p) => pageOf(p.versions, (v) => v.key, p.prefixes, p.isTruncated, p.nextKeyMarker)),
    maxKeys,
  );
  const { items, prefixes } = split(taken);
  const out: ListVersionsResult = { versions: items, prefixes, isTruncated };
  const last = taken.at(-1);
  if (!isTruncated) return out;
  if (stoppedBy !== undefined) {
    const { nextKeyMarker, nextVersionIdMarker } = pages[stoppedBy]!;
    if (nextKeyMarker !== undefined) out.nextKeyMarker = nextKeyMarker;
    if (nextVersionIdMarker !== undefined) out.nextVersionIdMarker = nextVersionIdMarker;
  } else if (last) {
    out.nextKeyMarker = last.name;
    if (last.item) out.nextVersionIdMarker = last.item.versionId;
  }
  return out;
}

export function mergeUploadPages(pages: ListUploadsResult[], maxUploads: number): ListUploadsResult {
  const { taken, isTruncated, stoppedBy } = mergePages<UploadInfo>(
    pages.map((p) => {
      const stop =
        p.nextKeyMarker === undefined || p.nextUploadIdMarker === undefined
          ? p.nextKeyMarker
          : uploadName(p.nextKeyMarker, p.nextUploadIdMarker);
      return pageOf(p.uploads, (u) => uploadName(u.key, u.uploadId), p.prefixes, p.isTruncated, stop);
    }),
    maxUploads,
  );
  const { items, prefixes } = split(taken);
  const out: ListUploadsResult = { uploads: items, prefixes, isTruncated };
  const last = taken.at(-1);
  if (!isTruncated) return out;
  if (stoppedBy !== undefined) {
    const { nextKeyMarker, nextUploadIdMarker } = pages[stoppedBy]!;
    if (nextKeyMarker !== undefined) out.nextKeyMarker = nextKeyMarker;
    if (nextUploadIdMarker !== undefined) out.nextUploadIdMarker = nextUploadIdMarker;
  } else if (last) {
    out.nextKeyMarker = last.item ? last.item.key : last.name;
    if (last.item) out.nextUploadIdMarker = last.item.uploadId;
  }
  return out;
}

/** The first `max` names of several sorted lists of disjoint keys. */
export function mergeNames(lists: string[][], max: number): string[] {
  return lists.flat().sort(compareKeys).slice(0, max);
}
