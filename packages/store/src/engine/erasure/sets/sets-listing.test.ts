import { describe, expect, it } from 'vitest';
import { compareKeys } from '../../listing.js';
import type { ListObjectsResult, ObjectInfo, UploadInfo } from '../../object-layer.js';
import { mergeObjectPages, mergeUploadPages } from './sets-listing.js';

const info = (key: string) => ({ key }) as ObjectInfo;
const upload = (key: string, uploadId: string) => ({ key, uploadId }) as UploadInfo;

/**
 * A set's ListObjects page as the engine makes one (engine/listing.ts), with or without the
 * delimiter '/': keys after the marker, hidden ones (latest version a delete marker) skipped,
 * and a budget of hidden keys read per page. Out of it, the page ends early, truncated, at
 * the hidden key read last (inside a common prefix too, before knowing whether it lists).
 */
function setPage(
  keys: string[],
  hidden: Set<string>,
  marker: string,
  max: number,
  budget: number,
  delimiter = '',
): ListObjectsResult {
  const page: ListObjectsResult = { objects: [], prefixes: [], isTruncated: false };
  const prefixOf = (k: string) => (delimiter && k.includes('/') ? k.slice(0, k.indexOf('/') + 1) : undefined);
  const markerIsPrefix = marker !== '' && prefixOf(marker) === marker;
  const sorted = [...keys]
    .sort(compareKeys)
    .filter((k) => compareKeys(k, marker) > 0 && !(markerIsPrefix && k.startsWith(marker)));
  let left = budget;
  let last: string | undefined;
  for (let i = 0; i < sorted.length && !page.isTruncated; i++) {
    const k = sorted[i]!;
    const cp = prefixOf(k);
    let shown = !hidden.has(k);
    if (cp !== undefined) {
      // Anything visible under the prefix; each hidden key read takes from the budget.
      shown = false;
      for (let j = i; j < sorted.length && sorted[j]!.startsWith(cp); j++) {
        if (!hidden.has(sorted[j]!)) {
          shown = true;
          break;
        }
        if (--left <= 0) {
          page.isTruncated = true;
          last = sorted[j]!;
          break;
        }
      }
      if (page.isTruncated) break;
      while (i + 1 < sorted.length && sorted[i + 1]!.startsWith(cp)) i++;
    } else if (!shown && --left <= 0) {
      page.isTruncated = true;
      last = k;
      break;
    }
    if (!shown) continue;
    if (page.objects.length + page.prefixes.length === max) {
      page.isTruncated = true;
      break;
    }
    if (cp === undefined) page.objects.push(info(k));
    else page.prefixes.push(cp);
    last = cp ?? k;
  }
  if (page.isTruncated && last !== undefined) page.nextMarker = last;
  return page;
}

describe('merging the sets’ listing pages', () => {
  it('goes on from a set that stopped early on hidden keys, never past keys it has not read', () => {
    // Set 0 holds 10 hidden keys before its one visible key; set 1 one visible key after them.
    const set0 = [...Array.from({ length: 10 }, (_, i) => `h/${i}`), 'm'];
    const set1 = ['n'];
    const hidden = new Set(set0.filter((k) => k.startsWith('h/')));
    const first = mergeObjectPages(
      [setPage(set0, hidden, '', 1000, 4), setPage(set1, hidden, '', 1000, 4)],
      1000,
    );
    // Set 0 stopped at h/3: nothing after it is known yet, 'n' included.
    expect(first).toEqual({ objects: [], prefixes: [], isTruncated: true, nextMarker: 'h/3' });
  });

  it('lists every visible key of randomly filled sets exactly once, page after page', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 80; round++) {
      const sets: string[][] = [[], [], []];
      const hidden = new Set<string>();
      const visible: string[] = [];
      for (let i = 0; i < 200; i++) {
        const n = Math.floor(random() * 1e6);
        // Some keys under a few folders, for the delimiter to fold.
        const key = random() < 0.5 ? `d${n % 4}/k${n}` : `k${n}`;
        if (sets.some((s) => s.includes(key))) continue;
        sets[Math.floor(random() * 3)]!.push(key);
        if (random() < 0.5) hidden.add(key);
        else visible.push(key);
      }
      const max = 1 + Math.floor(random() * 20);
      const budget = 1 + Math.floor(random() * 8);
      const delimiter = round % 2 ? '/' : '';
      const listed: string[] = [];
      let marker = '';
      for (let pages = 0; ; pages++) {
        expect(pages).toBeLessThan(1000);
        const page = mergeObjectPages(
          sets.map((s) => setPage(s, hidden, marker, max, budget, delimiter)),
          max,
        );
        expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(max);
        listed.push(...page.objects.map((o) => o.key), ...page.prefixes);
        if (!page.isTruncated) break;
        expect(compareKeys(page.nextMarker!, marker)).toBeGreaterThan(0);
        marker = page.nextMarker!;
      }
      const folded = delimiter
        ? [...new Set(visible.map((k) => (k.includes('/') ? k.slice(0, k.indexOf('/') + 1) : k)))]
        : visible;
      expect(listed.sort(compareKeys), `round ${round}`).toEqual(folded.sort(compareKeys));
    }
  });

  it('lists a common prefix another set listed, where a set stopped inside it, and goes on past it', () => {
    // Set 0 ran out of its budget inside photos/ (not yet known to list it); set 1 listed it:
    // it lists, and nothing between it and set 0's stop lies outside it.
    const page = mergeObjectPages(
      [
        { objects: [], prefixes: [], isTruncated: true, nextMarker: 'photos/0042' },
        { objects: [info('a')], prefixes: ['photos/', 'zoo/'], isTruncated: false },
      ],
      1000,
    );
    expect(page).toEqual({
      objects: [info('a')],
      prefixes: ['photos/'],
      isTruncated: true,
      nextMarker: 'photos/',
    });
  });

  it('orders uploads by key then id, and goes on from the upload a set stopped at', () => {
    const page = mergeUploadPages(
      [
        {
          uploads: [upload('a', 'u2'), upload('a', 'u9')],
          prefixes: [],
          isTruncated: true,
          nextKeyMarker: 'a',
          nextUploadIdMarker: 'u9',
        },
        { uploads: [upload('a-b', 'u1'), upload('b', 'u1')], prefixes: ['a/'], isTruncated: false },
      ],
      10,
    );
    // 'a' then its ids; then nothing past a\0u9, where the first set stopped.
    expect(page.uploads.map((u) => `${u.key}@${u.uploadId}`)).toEqual(['a@u2', 'a@u9']);
    expect(page).toMatchObject({ isTruncated: true, nextKeyMarker: 'a', nextUploadIdMarker: 'u9' });

    const full = mergeUploadPages(
      [
        { uploads: [upload('a', 'u2')], prefixes: [], isTruncated: false },
        { uploads: [upload('a-b', 'u1')], prefixes: ['a/'], isTruncated: false },
      ],
      2,
    );
    expect(full.uploads.map((u) => u.key)).toEqual(['a', 'a-b']);
    expect(full).toMatchObject({
      prefixes: [],
      isTruncated: true,
      nextKeyMarker: 'a-b',
      nextUploadIdMarker: 'u1',
    });
  });
});
