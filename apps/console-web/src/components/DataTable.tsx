import type { ReactNode } from 'react';
import type { SortState } from './tableSort.js';
import { type RowSelection, type VirtualColumn, VirtualTable } from './VirtualTable.js';

export interface Column<T> {
  /** Column heading; also its identity. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Listed under Shown Columns (when the table offers it). */
  optional?: boolean;
  /** A CSS grid track; the default shares the width equally. */
  width?: string;
  /** Makes the column sortable by its header (tableSort.compareBy builds one). */
  compare?: (a: T, b: T) => number;
  /** Sortable by the server (with `onSortChange`). */
  sortable?: boolean;
}

interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  loading?: boolean;
  /** Row actions (icon buttons), in the last column. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** Checkbox selection: the selected keys and a setter. */
  selection?: RowSelection<T>;
  columnChooser?: boolean;
  /** Optional columns (by header) hidden until chosen under Shown Columns. */
  defaultHidden?: readonly string[];
  /** A new value scrolls back to the first row (the rows are a new search's). */
  scrollResetKey?: string | number;
  /** Called when the last rows come into view (the next page should load). */
  onEndReached?: () => void;
  /** Below the rows, inside the scroll area. */
  footer?: ReactNode;
  /** The sort before the user picks one (columns by header). */
  defaultSort?: SortState;
  /** Rows sorted by the server: the sort shown, and where a header click goes. */
  sort?: SortState | null;
  onSortChange?: (next: SortState) => void;
  /** The row's primary action: Enter on the active row. */
  onActivate?: (row: T) => void;
}

/**
 * The list table of every screen: spec 001's generic table (rows 40 px, Loading..., the empty
 * text, Shown Columns, Select and Options columns), drawn by the one VirtualTable.
 */
export function DataTable<T>({ columns, ...props }: DataTableProps<T>) {
  const virtual: VirtualColumn<T>[] = columns.map((c) => ({ id: c.header, ...c }));
  return <VirtualTable columns={virtual} {...props} />;
}
