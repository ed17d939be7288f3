import { describe, expect, test } from 'vitest';
import type { ApiError } from '../../http/errors.js';
import { parseSelection, SelectionTokens, TOKENS_PER_SESSION } from './download-selection.js';

describe('parseSelection', () => {
  test('keeps listing order, drops duplicates and names inside a selected folder', () => {
    expect(
      parseSelection({
        prefix: 'p/',
        keys: ['p/b', 'p/a', 'p/b', 'p/f/inner', 'p/fg'],
        prefixes: ['p/f/', 'p/f/sub/', 'p/e/'],
      }).names,
    ).toEqual(['p/a', 'p/b', 'p/e/', 'p/f/', 'p/fg']);
  });
});

describe('SelectionTokens', () => {
  const selection = { prefix: '', names: ['a'] };
  const refusal = (read: () => unknown) => {
    try {
      read();
    } catch (err) {
      return (err as ApiError).detailedMessage;
    }
    return 'no refusal';
  };

  test('a token names its selection for its session and bucket until it expires', () => {
    let now = 1_000_000;
    const tokens = new SelectionTokens(() => now);
    const { token, expires } = tokens.mint('s1', 'b', selection);
    expect(Date.parse(expires)).toBe(now + 300_000);
    expect(tokens.selection(token, 's1', 'b')).toBe(selection);
    expect(refusal(() => tokens.selection(token, 's2', 'b'))).toMatch(
      /expired or belongs to another session/,
    );
    expect(refusal(() => tokens.selection(token, 's1', 'c'))).toMatch(/expired/);
    now += 299_999;
    expect(tokens.selection(token, 's1', 'b')).toBe(selection);
    now += 1;
    expect(refusal(() => tokens.selection(token, 's1', 'b'))).toMatch(/expired/);
  });

  test('a session holds a bounded number of tokens: a new one retires its oldest', () => {
    const tokens = new SelectionTokens(() => 0);
    const minted = Array.from(
      { length: TOKENS_PER_SESSION + 1 },
      () => tokens.mint('s1', 'b', selection).token,
    );
    const other = tokens.mint('s2', 'b', selection).token;
    expect(() => tokens.selection(minted[0] as string, 's1', 'b')).toThrow();
    for (const token of minted.slice(1)) expect(tokens.selection(token, 's1', 'b')).toBe(selection);
    expect(tokens.selection(other, 's2', 'b')).toBe(selection);
  });
});
