// S3 listing rules over a seekable, ordered cursor of names: prefix, delimiter roll-up,
// marker and page size. A common prefix is skipped with one seek, so a page costs the page,
// not the bucket. Entries that list nothing (keys whose latest version is a delete marker)
// cost a read each, so a page ends early, truncated, once it has passed over HIDDEN_LIMIT
// of them: its marker is the last entry read, and the next page goes on from there. S3
// allows short truncated pages; one request never walks a whole bucket of markers (reads
// are synchronous: it would hold up every other request meanwhile).
// Pure apart from the cursor, so the S3 semantics are unit-tested alone.

/** Entries a page may pass over without listing them before it ends early. */
export const HIDDEN_LIMIT = 5000;

/** Names in UTF-8 byte order (S3's order), from wherever the cursor was sought to. */
export interface NameCursor<T> {
  /** Positions before the first name whose UTF-8 bytes are >= `from`. */
  seek(from: Buffer): void;
  next(): { name: string; value: T } | undefined;
}

/** Orders names by their UTF-8 bytes, as S3 does. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The smallest byte string after every string that starts with `p`. */
export function pastPrefix(p: string): Buffer {
  const bytes = Buffer.from(p, 'utf8');
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0xff) end--;
  const out = Buffer.from(bytes.subarray(0, end));
  if (end > 0) out[end - 1]! += 1;
  return out;
}

/** The common prefix `key` rolls up into, or undefined when it lists as itself. */
export function commonPrefix(key: string, prefix: string, delimiter: string): string | undefined {
  if (!delimiter || !key.startsWith(prefix)) return undefined;
  const at = key.indexOf(delimiter, prefix.length);
  return at < 0 ? undefined : key.slice(0, at + delimiter.length);
}

export interface PageInput {
  prefix: string;
  delimiter: string;
  /** Exclusive start: a key, or a common prefix listed on an earlier page. */
  marker: string;
  maxKeys: number;
  /** HIDDEN_LIMIT unless given (tests). */
  hiddenLimit?: number;
}

export interface Page<I> {
  items: I[];
  prefixes: string[];
  isTruncated: boolean;
  /** The last key or prefix on the page, when truncated. */
  nextMarker?: string;
}

/**
 * One page of items: `visible` turns a cursor entry into the items it lists (none when,
 * say, its latest version is a delete marker). Each item and each common prefix counts
 * toward maxKeys; a common prefix is listed when something under it is visible.
 */
export function listPage<T, I>(
  cursor: NameCursor<T>,
  input: PageInput,
  visible: (name: string, value: T) => I | undefined,
  keyOf: (name: string) => string = (n) => n,
): Page<I> {
  const { prefix, delimiter, marker, maxKeys } = input;
  const budget = { left: input.hiddenLimit ?? HIDDEN_LIMIT };
  const page: Page<I> = { items: [], prefixes: [], isTruncated: false };
  if (maxKeys <= 0) return page;
  const markerIsPrefix = marker !== '' && commonPrefix(marker, prefix, delimiter) === marker;
  cursor.seek(
    markerIsPrefix ? pastPrefix(marker) : Buffer.from(compareKeys(marker, prefix) > 0 ? marker : prefix),
  );
  let last: string | undefined;
  for (let e = cursor.next(); e; e = cursor.next()) {
    const key = keyOf(e.name);
    if (!key.startsWith(prefix)) {
      if (compareKeys(key, prefix) > 0) break;
      continue;
    }
    if (e.name === marker) continue;
    const cp = commonPrefix(key, prefix, delimiter);
    if (cp !== undefined) {
      const shown = anyVisible(cursor, e, cp, visible, keyOf, budget);
      if (typeof shown === 'string') {
        // Out of budget inside the prefix, not known yet to list: the next page goes on
        // after the entry read last.
        page.isTruncated = true;
        last = shown;
        break;
      }
      cursor.seek(pastPrefix(cp));
      if (!shown) continue;
      if (page.items.length + page.prefixes.length === maxKeys) {
        page.isTruncated = true;
        break;
      }
      page.prefixes.push(cp);
      last = cp;
      continue;
    }
    const item = visible(e.name, e.value);
    if (item === undefined) {
      if (--budget.left > 0) continue;
      page.isTruncated = true;
      last = e.name;
      break;
    }
    if (page.items.length + page.prefixes.length === maxKeys) {
      page.isTruncated = true;
      break;
    }
    page.items.push(item);
    last = e.name;
  }
  if (page.isTruncated && last !== undefined) page.nextMarker = last;
  return page;
}

/**
 * Whether anything under a common prefix lists, starting at its first entry `e`; each entry
 * that does not takes from the budget. Out of budget first: the name of the entry read last.
 */
function anyVisible<T, I>(
  cursor: NameCursor<T>,
  first: { name: string; value: T },
  cp: string,
  visible: (name: string, value: T) => I | undefined,
  keyOf: (name: string) => string,
  budget: { left: number },
): boolean | string {
  for (let e: typeof first | undefined = first; e && keyOf(e.name).startsWith(cp); e = cursor.next()) {
    if (visible(e.name, e.value) !== undefined) return true;
    // Never out of budget on the key that is the prefix itself ('a/' under 'a/'): as the
    // next page's marker it would read as the prefix, and the page would skip all of it.
    if (--budget.left <= 0 && keyOf(e.name) !== cp) return e.name;
  }
  return false;
}
