import { describe, expect, it } from 'vitest';
import { compareBy, nextSort, sortRows } from './tableSort.js';

interface Row {
  name: string;
  size: number;
}
const rows: Row[] = [
  { name: 'b', size: 2 },
  { name: 'a', size: 1 },
  { name: 'c', size: 2 },
  { name: 'd', size: 1 },
];
const compareOf = (column: string) =>
  column === 'size'
    ? compareBy<Row>((r) => r.size)
    : column === 'name'
      ? compareBy<Row>((r) => r.name)
      : undefined;
const names = (list: readonly Row[]) => list.map((r) => r.name).join('');

describe('table sorting', () => {
  it('a new column sorts ascending, the sorted one flips', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({
      column: 'name',
      direction: 'descending',
    });
    expect(nextSort({ column: 'name', direction: 'descending' }, 'size')).toEqual({
      column: 'size',
      direction: 'ascending',
    });
  });

  it('is stable in both directions and leaves the input alone', () => {
    expect(names(sortRows(rows, { column: 'size', direction: 'ascending' }, compareOf))).toBe('adbc');
    expect(names(sortRows(rows, { column: 'size', direction: 'descending' }, compareOf))).toBe('bcad');
    expect(names(rows)).toBe('bacd');
  });

  it('keeps the order without a sort or for a column without a comparator', () => {
    expect(sortRows(rows, null, compareOf)).toBe(rows);
    expect(sortRows(rows, { column: 'etag', direction: 'ascending' }, compareOf)).toBe(rows);
  });

  it('compares text naturally (file-2 before file-10)', () => {
    const files = [
      { name: 'file-10', size: 0 },
      { name: 'file-2', size: 0 },
    ];
    expect(names(sortRows(files, { column: 'name', direction: 'ascending' }, compareOf))).toBe(
      'file-2file-10',
    );
  });
});
