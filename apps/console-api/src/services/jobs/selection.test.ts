import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cursor,
  compareKeys,
  type SelectedObject,
  type Selection,
  type SelectionSource,
  selectionItems,
  selectionPages,
} from './selection.js';

// Property: for any set of keys in a bucket and any selection (a prefix, or keys and folders
// picked under it), the keys a job walks are exactly the selection's, each once, even when the
// walk is stopped after any page and resumed from that page's cursor (a console restart).

/**
 * A bucket in memory that answers as ListObjectsV2 does; some pages end early (shorter, or
 * empty, with a token to go on from), as a store bounding one request's work does.
 */
function bucketOf(keys: readonly string[], earlyEnds: readonly boolean[]): SelectionSource {
  const sorted = [...new Set(keys)].sort(compareKeys);
  const object = (key: string): SelectedObject => ({ key, size: key.length, etag: `e-${key}` });
  let calls = 0;
  let lastWasEmpty = false;
  return {
    async list(prefix, startAfter, limit, token) {
      const early = (earlyEnds[calls++ % Math.max(1, earlyEnds.length)] ?? false) && !lastWasEmpty;
      const from = token === undefined ? startAfter : token.slice('t:'.length);
      const under = sorted.filter((k) => k.startsWith(prefix) && compareKeys(k, from) > 0);
      const page = under.slice(0, early ? Math.floor(limit / 2) : limit);
      lastWasEmpty = page.length === 0;
      const more = under.length > page.length;
      return { objects: page.map(object), next: more ? `t:${page[page.length - 1] ?? from}` : undefined };
    },
    async head(key) {
      return sorted.includes(key) ? object(key) : undefined;
    },
  };
}

/** The selection's keys by its definition, independent of the code under test. */
function expected(keys: readonly string[], selection: Selection): string[] {
  return [...new Set(keys)]
    .filter((k) => k.startsWith(selection.prefix))
    .filter(
      (k) =>
        selection.keys === undefined ||
        selection.keys.some((picked) => (picked.endsWith('/') ? k.startsWith(picked) : k === picked)),
    )
    .sort(compareKeys);
}

const segment = fc.constantFrom('a', 'b', 'ab', 'x y', 'é', 'z', '0', 'a+b');
const key = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const keySet = fc.array(key, { maxLength: 60 });

/** Prefixes that occur in the keys (folders and partial names), and some that do not. */
function prefixesOf(keys: readonly string[]): string[] {
  const out = new Set(['', 'q/']);
  for (const k of keys) {
    const parts = k.split('/');
    for (let i = 1; i < parts.length; i++) out.add(`${parts.slice(0, i).join('/')}/`);
    out.add(k.slice(0, 1));
  }
  return [...out];
}

const scenario = keySet.chain((keys) =>
  fc.record({
    keys: fc.constant(keys),
    selection: fc.constantFrom(...prefixesOf(keys)).chain((prefix) => {
      const under = [...keys, ...prefixesOf(keys)].filter((k) => k.startsWith(prefix) && k !== '');
      return fc.record({
        prefix: fc.constant(prefix),
        keys: under.length === 0 ? fc.constant(undefined) : fc.option(fc.subarray(under), { nil: undefined }),
      });
    }),
    limit: fc.integer({ min: 1, max: 7 }),
    earlyEnds: fc.array(fc.boolean(), { maxLength: 5 }),
    stopAfter: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
  }),
);

async function walk(
  selection: Selection,
  source: SelectionSource,
  limit: number,
  stopAfter: readonly number[],
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: Cursor | undefined;
  // Each run stops after some pages, as a console that is closed mid-job; the next resumes.
  for (const pages of [...stopAfter, Number.POSITIVE_INFINITY]) {
    let taken = 0;
    for await (const page of selectionPages(selection, source, cursor, limit)) {
      seen.push(...page.objects.filter((o) => !o.missing).map((o) => o.key));
      cursor = page.cursor;
      if (++taken >= pages) break;
    }
  }
  return seen;
}

describe('job selection', () => {
  it('walks exactly the selected keys, each once, across stops and resumes', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ keys, selection, limit, earlyEnds, stopAfter }) => {
        const seen = await walk(selection, bucketOf(keys, earlyEnds), limit, stopAfter);
        expect(seen).toEqual(expected(keys, selection));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses picked keys outside the prefix', () => {
    expect(() => selectionItems({ prefix: 'a/', keys: ['b/c'] })).toThrow(/not under a\//);
    expect(() => selectionItems({ prefix: 'a/', keys: [''] })).toThrow(/not under/);
  });

  it('drops keys and folders inside a picked folder', () => {
    expect(selectionItems({ prefix: '', keys: ['a/b/c', 'a/', 'a/b/', 'b'] })).toEqual([
      { folder: 'a/' },
      { key: 'b' },
    ]);
  });
});
