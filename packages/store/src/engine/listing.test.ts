import { describe, expect, it } from 'vitest';
import { compareKeys, listPage, type NameCursor, pastPrefix } from './listing.js';
import { ArrayCursor } from './test-support/array-cursor.js';

const keys = [
  'a.txt',
  'photos/2006/feb/1.jpg',
  'photos/2006/jan/1.jpg',
  'photos/2006/jan/2.jpg',
  'photos/x.jpg',
  'z',
];
const cursor = (names = keys) => new ArrayCursor(names.map((k) => [k, true] as [string, boolean]));
const shown = (name: string, visible: boolean) => (visible ? name : undefined);

function all(input: { prefix?: string; delimiter?: string; maxKeys: number }) {
  const out: Array<{ keys: string[]; prefixes: string[] }> = [];
  let marker = '';
  for (;;) {
    const page = listPage(
      cursor(),
      { prefix: input.prefix ?? '', delimiter: input.delimiter ?? '', marker, maxKeys: input.maxKeys },
      shown,
    );
    out.push({ keys: page.items, prefixes: page.prefixes });
    if (!page.isTruncated) return out;
    marker = page.nextMarker!;
  }
}

describe('listPage', () => {
  it('lists everything under a prefix without a delimiter', () => {
    const page = listPage(
      cursor(),
      { prefix: 'photos/2006/', delimiter: '', marker: '', maxKeys: 1000 },
      shown,
    );
    expect(page.items).toEqual(['photos/2006/feb/1.jpg', 'photos/2006/jan/1.jpg', 'photos/2006/jan/2.jpg']);
    expect(page.isTruncated).toBe(false);
  });

  it('rolls keys up into common prefixes', () => {
    const page = listPage(cursor(), { prefix: 'photos/', delimiter: '/', marker: '', maxKeys: 1000 }, shown);
    expect(page.prefixes).toEqual(['photos/2006/']);
    expect(page.items).toEqual(['photos/x.jpg']);
  });

  it('pages by one across keys and prefixes without repeats', () => {
    expect(all({ delimiter: '/', maxKeys: 1 })).toEqual([
      { keys: ['a.txt'], prefixes: [] },
      { keys: [], prefixes: ['photos/'] },
      { keys: ['z'], prefixes: [] },
    ]);
    expect(all({ prefix: 'photos/2006/jan/', maxKeys: 1 }).flatMap((p) => p.keys)).toEqual([
      'photos/2006/jan/1.jpg',
      'photos/2006/jan/2.jpg',
    ]);
  });

  it('starts after a marker that is not itself a key', () => {
    const page = listPage(
      cursor(),
      { prefix: '', delimiter: '', marker: 'photos/2006/g', maxKeys: 2 },
      shown,
    );
    expect(page.items).toEqual(['photos/2006/jan/1.jpg', 'photos/2006/jan/2.jpg']);
    expect(page.isTruncated).toBe(true);
    expect(page.nextMarker).toBe('photos/2006/jan/2.jpg');
  });

  it('returns nothing for max-keys 0', () => {
    expect(listPage(cursor(), { prefix: '', delimiter: '', marker: '', maxKeys: 0 }, shown)).toEqual({
      items: [],
      prefixes: [],
      isTruncated: false,
    });
  });

  it('leaves out invisible entries, and prefixes with nothing visible under them', () => {
    const entries: [string, boolean][] = [
      ['a', false],
      ['b', true],
      ['gone/1', false],
      ['gone/2', false],
      ['kept/1', false],
      ['kept/2', true],
      ['z', false],
    ];
    const page = listPage(
      new ArrayCursor(entries),
      { prefix: '', delimiter: '/', marker: '', maxKeys: 2 },
      shown,
    );
    expect(page).toEqual({ items: ['b'], prefixes: ['kept/'], isTruncated: false });
  });

  it('never ends a page on a hidden key that is its own common prefix, which would skip the folder', () => {
    // With the delimiter, the key 'a/' (a folder marker, hidden) rolls up into the prefix
    // 'a/': a page that ended on it would give the marker 'a/', and the next would skip
    // everything under it.
    const entries: [string, boolean][] = [
      ['0', false],
      ['1', false],
      ['a/', false],
      ['a/x', true],
      ['b', true],
    ];
    for (const hiddenLimit of [1, 2, 3, 4]) {
      const listed: string[] = [];
      let marker = '';
      for (let pages = 0; pages < 20; pages++) {
        const page = listPage(
          new ArrayCursor(entries),
          { prefix: '', delimiter: '/', marker, maxKeys: 1000, hiddenLimit },
          shown,
        );
        listed.push(...page.items, ...page.prefixes);
        if (!page.isTruncated) break;
        marker = page.nextMarker!;
      }
      expect(listed.sort(compareKeys), `hidden limit ${hiddenLimit}`).toEqual(['a/', 'b']);
    }
  });

  it('ends a page early after passing over too many hidden entries, and the next goes on from there', () => {
    // Keys under markers everywhere but a few: however the pages fall, every visible key and
    // prefix is listed once, in order, and no page reads more than the budget of hidden ones.
    const entries: [string, boolean][] = [];
    for (let i = 0; i < 60; i++) entries.push([`k${String(i).padStart(3, '0')}`, i % 25 === 7]);
    for (let i = 0; i < 30; i++) entries.push([`p/${String(i).padStart(3, '0')}`, i === 29]);
    for (let i = 0; i < 30; i++) entries.push([`q/${String(i).padStart(3, '0')}`, false]);
    entries.push(['z', true]);
    for (const delimiter of ['', '/'])
      for (const maxKeys of [1, 2, 1000]) {
        const listed: string[] = [];
        let marker = '';
        let pages = 0;
        for (;;) {
          let reads = 0;
          const inner = new ArrayCursor(entries);
          const counting: NameCursor<boolean> = {
            seek: (from) => inner.seek(from),
            next: () => {
              reads++;
              return inner.next();
            },
          };
          const page = listPage(counting, { prefix: '', delimiter, marker, maxKeys, hiddenLimit: 8 }, shown);
          expect(reads).toBeLessThanOrEqual(8 + maxKeys + 2);
          listed.push(...page.items, ...page.prefixes);
          pages++;
          if (!page.isTruncated) break;
          marker = page.nextMarker!;
        }
        const expected =
          delimiter === '' ? ['k007', 'k032', 'k057', 'p/029', 'z'] : ['k007', 'k032', 'k057', 'p/', 'z'];
        expect(listed, `delimiter '${delimiter}', max-keys ${maxKeys}`).toEqual(expected);
        expect(pages).toBeGreaterThan(5);
      }
  });

  it('skips a common prefix with one seek instead of reading what is under it', () => {
    const names = ['a', ...Array.from({ length: 5000 }, (_, i) => `big/${String(i).padStart(5, '0')}`), 'c'];
    const inner = cursor(names);
    let reads = 0;
    const counting: NameCursor<boolean> = {
      seek: (from) => inner.seek(from),
      next: () => {
        reads++;
        return inner.next();
      },
    };
    const page = listPage(counting, { prefix: '', delimiter: '/', marker: '', maxKeys: 10 }, shown);
    expect(page).toEqual({ items: ['a', 'c'], prefixes: ['big/'], isTruncated: false });
    expect(reads).toBeLessThan(10);
  });
});

describe('pastPrefix', () => {
  it('is the first byte string after everything that starts with the prefix', () => {
    expect(pastPrefix('photos/').toString()).toBe('photos0');
    expect(pastPrefix('a\u00ff')).toEqual(Buffer.from([0x61, 0xc3, 0xc0]));
    const ordered = ['photos/', 'photos/zzz', 'photos/\u{1F600}'].map((k) => Buffer.from(k));
    for (const k of ordered) expect(Buffer.compare(k, pastPrefix('photos/'))).toBeLessThan(0);
    expect(Buffer.compare(Buffer.from('photos0'), pastPrefix('photos/'))).toBe(0);
  });
});

describe('compareKeys', () => {
  it('orders by UTF-8 bytes, not UTF-16 code units', () => {
    const astral = '\u{1F600}';
    const bmpHigh = '\uFF01';
    expect(astral < bmpHigh).toBe(true);
    expect(compareKeys(astral, bmpHigh)).toBeGreaterThan(0);
    expect(['b', 'a', 'ab'].sort(compareKeys)).toEqual(['a', 'ab', 'b']);
  });
});
