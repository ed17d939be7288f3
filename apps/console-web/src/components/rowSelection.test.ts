import { describe, expect, test } from 'vitest';
import { rangeSelection, toggledSelection } from './rowSelection.js';

const rows = ['a', 'b', 'c', 'd', 'e'];

describe('row selection', () => {
  test('a toggle adds or removes one row', () => {
    expect([...toggledSelection(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggledSelection(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });

  test('a range selects every row between the anchor and the row, either way round', () => {
    expect([...rangeSelection(new Set(['b']), rows, 'b', 'd')].sort()).toEqual(['b', 'c', 'd']);
    expect([...rangeSelection(new Set(['d']), rows, 'd', 'a')].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  test('a range ending on a selected row clears it; no anchor is a toggle', () => {
    expect([...rangeSelection(new Set(rows), rows, 'b', 'd')].sort()).toEqual(['a', 'e']);
    expect([...rangeSelection(new Set(), rows, undefined, 'c')]).toEqual(['c']);
    expect([...rangeSelection(new Set(), rows, 'gone', 'c')]).toEqual(['c']);
  });
});
