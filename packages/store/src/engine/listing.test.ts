import { describe, expect, it } from 'vitest';
import { compareKeys, listPage } from './listing.js';

const keys = [
  'a.txt',
  'photos/2006/feb/1.jpg',
  'photos/2006/jan/1.jpg',
  'photos/2006/jan/2.jpg',
  'photos/x.jpg',
  'z',
];

function all(input: { prefix?: string; delimiter?: string; maxKeys: number }) {
  const out: Array<{ keys: string[]; prefixes: string[] }> = [];
  let marker = '';
  for (;;) {
    const page = listPage(keys, {
      prefix: input.prefix ?? '',
      delimiter: input.delimiter ?? '',
      marker,
      maxKeys: input.maxKeys,
    });
    out.push({ keys: page.keys, prefixes: page.prefixes });
    if (!page.isTruncated) return out;
    marker = page.nextMarker!;
  }
}

describe('listPage', () => {
  it('lists everything under a prefix without a delimiter', () => {
    const page = listPage(keys, { prefix: 'photos/2006/', delimiter: '', marker: '', maxKeys: 1000 });
    expect(page.keys).toEqual(['photos/2006/feb/1.jpg', 'photos/2006/jan/1.jpg', 'photos/2006/jan/2.jpg']);
    expect(page.isTruncated).toBe(false);
  });

  it('rolls keys up into common prefixes', () => {
    const page = listPage(keys, { prefix: 'photos/', delimiter: '/', marker: '', maxKeys: 1000 });
    expect(page.prefixes).toEqual(['photos/2006/']);
    expect(page.keys).toEqual(['photos/x.jpg']);
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
    const page = listPage(keys, { prefix: '', delimiter: '', marker: 'photos/2006/g', maxKeys: 2 });
    expect(page.keys).toEqual(['photos/2006/jan/1.jpg', 'photos/2006/jan/2.jpg']);
    expect(page.isTruncated).toBe(true);
    expect(page.nextMarker).toBe('photos/2006/jan/2.jpg');
  });

  it('returns nothing for max-keys 0', () => {
    expect(listPage(keys, { prefix: '', delimiter: '', marker: '', maxKeys: 0 })).toEqual({
      keys: [],
      prefixes: [],
      isTruncated: false,
    });
  });
});

describe('compareKeys', () => {
  it('orders by UTF-8 bytes, not UTF-16 code units', () => {
    const astral = '\u{1F600}';
    const bmpHigh = '\uFF01';
    expect(astral < bmpHigh).toBe(true);
    expect(compareKeys(astral, bmpHigh)).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(astral), Buffer.from(bmpHigh))).toBeGreaterThan(0);
    expect(['b', 'a', 'ab'].sort(compareKeys)).toEqual(['a', 'ab', 'b']);
  });
});
