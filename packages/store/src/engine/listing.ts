// Listing over a sorted key array: prefix, delimiter roll-up, marker and page size.
// Pure, so the S3 semantics are unit-tested apart from any storage.

/**
 * Orders keys by their UTF-8 bytes, as S3 does. JavaScript compares UTF-16 code units,
 * which puts astral characters (surrogates) before U+E000–U+FFFF; shifting the two
 * ranges fixes that without encoding.
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return fixup(x) - fixup(y);
  }
  return a.length - b.length;
}

function fixup(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/** Index of the first element for which `pred` holds; `pred` must be monotonic. */
export function firstIndex(keys: readonly string[], pred: (key: string) => boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(keys[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface ListPageInput {
  prefix: string;
  delimiter: string;
  marker: string;
  maxKeys: number;
}

export interface ListPage {
  keys: string[];
  prefixes: string[];
  isTruncated: boolean;
  nextMarker?: string;
}

/** The common prefix `key` rolls up into, or undefined when it lists as itself. */
function commonPrefix(key: string, prefix: string, delimiter: string): string | undefined {
  if (!delimiter || !key.startsWith(prefix)) return undefined;
  const at = key.indexOf(delimiter, prefix.length);
  return at < 0 ? undefined : key.slice(0, at + delimiter.length);
}

/** Index just past every key that starts with `p` (keys sharing a prefix are contiguous). */
function skipPast(keys: readonly string[], p: string): number {
  return firstIndex(keys, (k) => compareKeys(k, p) > 0 && !k.startsWith(p));
}

export function listPage(keys: readonly string[], input: ListPageInput): ListPage {
  const { prefix, delimiter, marker, maxKeys } = input;
  const page: ListPage = { keys: [], prefixes: [], isTruncated: false };
  if (maxKeys <= 0) return page;

  const from = compareKeys(marker, prefix) > 0 ? marker : prefix;
  let i = firstIndex(keys, (k) => compareKeys(k, from) >= 0);
  // A marker that is itself a common prefix continues after everything it rolled up.
  if (marker && commonPrefix(marker, prefix, delimiter) === marker) i = Math.max(i, skipPast(keys, marker));

  let count = 0;
  while (i < keys.length) {
    const key = keys[i]!;
    if (!key.startsWith(prefix)) break;
    if (key === marker) {
      i++;
      continue;
    }
    if (count === maxKeys) {
      page.isTruncated = true;
      break;
    }
    const cp = commonPrefix(key, prefix, delimiter);
    if (cp !== undefined) {
      page.prefixes.push(cp);
      page.nextMarker = cp;
      i = skipPast(keys, cp);
    } else {
      page.keys.push(key);
      page.nextMarker = key;
      i++;
    }
    count++;
  }
  if (!page.isTruncated) delete page.nextMarker;
  return page;
}
