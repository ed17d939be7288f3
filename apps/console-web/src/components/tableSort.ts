// The one sorting model of the console's tables: a column and a direction. A table sorts its
// rows itself with the column's `compare`, or, when its rows come sorted from the server, hands
// the new sort to the screen and draws the rows as they come.
import { currentIntlLocale } from '../i18n/index.js';

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  /** The column's id. */
  column: string;
  direction: SortDirection;
}

/** A click (or Enter) on a header: a new column sorts ascending; the sorted one flips. */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column === column)
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: 'ascending' };
}

/**
 * The rows in the sort's order; stable (equal rows keep their order, in both directions) and
 * never in place.
 */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | null,
  compareOf: (column: string) => ((a: T, b: T) => number) | undefined,
): readonly T[] {
  const compare = sort ? compareOf(sort.column) : undefined;
  if (!sort || !compare) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** A comparator from a value per row: numbers by size, text by the collation of the console's language. */
export function compareBy<T>(value: (row: T) => string | number): (a: T, b: T) => number {
  const collator = new Intl.Collator(currentIntlLocale(), { numeric: true, sensitivity: 'base' });
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
  };
}
