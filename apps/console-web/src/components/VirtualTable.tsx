import { Box, Button, Checkbox, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconColumns } from '@tabler/icons-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../theme/tokens.js';
import { LoadingMessage } from './LoadingMessage.js';
import { nextActiveRow } from './rowKeys.js';
import { rangeSelection } from './rowSelection.js';
import { TableCheckbox } from './TableCheckbox.js';
import { nextSort, type SortState, sortRows } from './tableSort.js';
import { visibleWindow } from './virtualWindow.js';

// Spec 001 §2 "Generic table": rows and header 40 px high, 10 rows drawn beyond each edge of
// the viewport. Only the rows in view exist in the DOM, so 50,000 loaded rows cost what 60 do.
// Headers of sortable columns sort on click or Enter (aria-sort); the rows are one tab stop
// (a roving tabindex) moved by the arrow keys, Home/End and PageUp/PageDown, Enter opens one.
// With a selection, Space toggles the active row; Shift+click or Shift+Space selects a range.

export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 40;
export const OVERSCAN = 10;

export interface VirtualColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** A CSS grid track; the default shares the width equally. */
  width?: string;
  /** Listed under Shown Columns, where it can be hidden. */
  optional?: boolean;
  /** Makes the column sortable: the table orders its rows with it (see tableSort.compareBy). */
  compare?: (a: T, b: T) => number;
  /** Sortable by the server: for a table given `onSortChange`, whose rows come sorted. */
  sortable?: boolean;
}

export interface RowSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  rowLabel: (row: T) => string;
  allLabel: string;
}

interface VirtualTableProps<T> {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly VirtualColumn<T>[];
  /** Shown when loading ended with no rows. */
  empty: string;
  loading?: boolean;
  selection?: RowSelection<T> | undefined;
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** Offers the Shown Columns chooser for the optional columns. */
  columnChooser?: boolean;
  /** Controls on the table's top row, left of Shown Columns (e.g. actions on the selected rows). */
  toolbar?: ReactNode;
  /** Optional columns (by id) hidden until chosen under Shown Columns. */
  defaultHidden?: readonly string[];
  /** A new value scrolls back to the first row, and makes it the active one (the rows are a new search's, or a new folder's). */
  scrollResetKey?: string | number;
  /** Called when the last rows come into view (the next page should load). */
  onEndReached?: () => void;
  /** Largest viewport height in pixels; a short table is only as tall as its rows. */
  height?: number;
  /** Below the rows, inside the scroll area (e.g. "Loading..." while a next page loads). */
  footer?: ReactNode;
  /** The sort before the user picks one. */
  defaultSort?: SortState | undefined;
  /**
   * For rows the server sorts: the table shows `sort` and reports a header click here instead
   * of sorting the rows itself.
   */
  onSortChange?: ((next: SortState) => void) | undefined;
  sort?: SortState | null | undefined;
  /** The row's primary action (open it): Enter on the active row. */
  onActivate?: ((row: T) => void) | undefined;
}

const ACTIONS_TRACK = 'minmax(9rem, auto)';
const SELECT_TRACK = '2.5rem';
// The rows are plain elements, not Mantine's Box: a screen of rows is some 200 of them, and
// each Box parses style props on every render.
const CELL_STYLE = { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

export function VirtualTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
  loading = false,
  selection,
  actions,
  actionsHeader,
  columnChooser = false,
  toolbar,
  defaultHidden,
  scrollResetKey,
  onEndReached,
  height = 520,
  footer,
  defaultSort,
  onSortChange,
  sort: serverSort,
  onActivate,
}: VirtualTableProps<T>) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(defaultHidden));
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort ?? null);
  const serverSorted = onSortChange !== undefined;
  const sort = serverSorted ? (serverSort ?? null) : ownSort;
  const changeSort = (column: string) => {
    const next = nextSort(sort, column);
    if (onSortChange) onSortChange(next);
    else setOwnSort(next);
  };
  // Screens build their columns in render: the latest are read here, so that a scroll (a
  // render) does not sort 50,000 rows again; a new sort or new rows do.
  const latestColumns = useRef(columns);
  latestColumns.current = columns;
  const ordered = useMemo(
    () =>
      serverSorted
        ? rows
        : sortRows(rows, sort, (id) => latestColumns.current.find((c) => c.id === id)?.compare),
    [rows, sort, serverSorted],
  );
  const [active, setActive] = useState(0);
  const focusActive = useRef(false);
  const idBase = useId();
  const rowId = (index: number) => `${idBase}-row-${index}`;
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight || height));
    observer.observe(el);
    return () => observer.disconnect();
  }, [height]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is what asks for the scroll back.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
    setActive(0);
  }, [scrollResetKey]);

  const span = visibleWindow({
    scrollTop,
    viewport,
    count: ordered.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const nearEnd = span.end >= rows.length - OVERSCAN;
  useEffect(() => {
    if (nearEnd && rows.length > 0 && onEndReached) onEndReached();
  }, [nearEnd, rows.length, onEndReached]);

  const keys = useMemo(() => ordered.map(rowKey), [ordered, rowKey]);
  const activeRow = Math.min(active, ordered.length - 1);
  // The moved-to row is drawn once the window follows it; then it takes the focus.
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    document.getElementById(rowId(activeRow))?.focus();
  });
  // The row last toggled: a Shift gesture selects from it.
  const anchor = useRef<string | undefined>(undefined);
  const toggle = (key: string, range: boolean) => {
    if (!selection) return;
    selection.onChange(rangeSelection(selection.selected, keys, range ? anchor.current : undefined, key));
    anchor.current = key;
  };
  const onRowKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in a cell's own controls (a checkbox, a button) stay theirs.
    if ((e.target as HTMLElement).getAttribute('role') !== 'row') return;
    if (e.key === ' ' && selection) {
      const key = keys[activeRow];
      if (key !== undefined) {
        e.preventDefault();
        toggle(key, e.shiftKey);
      }
      return;
    }
    if (e.key === 'Enter') {
      const row = ordered[activeRow];
      if (row !== undefined && onActivate) {
        e.preventDefault();
        onActivate(row);
      }
      return;
    }
    const next = nextActiveRow(e.key, activeRow, ordered.length, Math.floor(viewport / ROW_HEIGHT));
    if (next === undefined) return;
    e.preventDefault();
    const el = scroller.current;
    if (el) {
      const view = el.clientHeight || viewport;
      const top = next * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + view) el.scrollTop = top + ROW_HEIGHT - view;
      setScrollTop(el.scrollTop);
    }
    focusActive.current = true;
    setActive(next);
  };
  const shown = columns.filter((c) => !hidden.has(c.id));
  const bodyHeight = Math.min(height, rows.length * ROW_HEIGHT + (footer ? 2 * ROW_HEIGHT : 0));
  const tracks = [
    ...(selection ? [SELECT_TRACK] : []),
    ...shown.map((c) => c.width ?? 'minmax(6rem, 1fr)'),
    ...(actions ? [ACTIONS_TRACK] : []),
  ].join(' ');

  if (rows.length === 0) {
    if (loading) return <LoadingMessage />;
    return <Text c="dimmed">{empty}</Text>;
  }
  const allSelected = selection !== undefined && keys.every((k) => selection.selected.has(k));
  const someSelected = selection !== undefined && keys.some((k) => selection.selected.has(k));
  const rowStyle = {
    display: 'grid',
    gridTemplateColumns: tracks,
    alignItems: 'center',
    gap: 'var(--mantine-spacing-xs)',
    paddingInline: 'var(--mantine-spacing-xs)',
    borderBottom: `1px solid ${tokens.color.border}`,
  } as const;

  return (
    <Stack gap="xs">
      {(columnChooser || toolbar) && (
        <Group justify="space-between" gap="xs">
          <div>{toolbar}</div>
          {columnChooser && (
            <ColumnChooser columns={columns.filter((c) => c.optional)} hidden={hidden} onChange={setHidden} />
          )}
        </Group>
      )}
      <Box role="table" aria-label={label} aria-rowcount={rows.length + 1} style={{ overflowX: 'auto' }}>
        <Box role="rowgroup">
          <Box role="row" aria-rowindex={1} style={{ ...rowStyle, height: HEADER_HEIGHT, fontWeight: 600 }}>
            {selection && (
              <Box role="columnheader">
                <TableCheckbox
                  label={selection.allLabel}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() => selection.onChange(allSelected ? new Set() : new Set(keys))}
                />
              </Box>
            )}
            {shown.map((c) =>
              c.compare || (serverSorted && c.sortable) ? (
                <Box
                  role="columnheader"
                  key={c.id}
                  aria-sort={sort?.column === c.id ? sort.direction : 'none'}
                >
                  <UnstyledButton onClick={() => changeSort(c.id)} fw={600} fz="inherit">
                    <Group gap={4} wrap="nowrap">
                      {c.header}
                      <SortIcon direction={sort?.column === c.id ? sort.direction : undefined} />
                    </Group>
                  </UnstyledButton>
                </Box>
              ) : (
                <Box role="columnheader" key={c.id}>
                  {c.header}
                </Box>
              ),
            )}
            {actions && <Box role="columnheader">{actionsHeader}</Box>}
          </Box>
        </Box>
        <Box
          ref={scroller}
          role="rowgroup"
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          onKeyDown={onRowKeyDown}
          style={{ height: bodyHeight, overflowY: 'auto', position: 'relative' }}
          data-testid="virtual-rows"
        >
          <div style={{ height: ordered.length * ROW_HEIGHT, position: 'relative' }}>
            {ordered.slice(span.start, span.end).map((row, i) => {
              const index = span.start + i;
              const key = keys[index] ?? '';
              return (
                // biome-ignore lint/a11y/useSemanticElements: a grid of ARIA roles, so that rows can be drawn virtually
                <div
                  role="row"
                  aria-rowindex={index + 2}
                  key={key}
                  id={rowId(index)}
                  // One tab stop for the rows: the active one, or the first drawn if it scrolled away.
                  tabIndex={
                    index === (activeRow >= span.start && activeRow < span.end ? activeRow : span.start)
                      ? 0
                      : -1
                  }
                  onFocus={() => setActive(index)}
                  style={{
                    ...rowStyle,
                    position: 'absolute',
                    top: index * ROW_HEIGHT,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                  }}
                >
                  {selection && (
                    <GridCell>
                      <TableCheckbox
                        label={selection.rowLabel(row)}
                        checked={selection.selected.has(key)}
                        onChange={(e) => toggle(key, (e.nativeEvent as MouseEvent).shiftKey === true)}
                      />
                    </GridCell>
                  )}
                  {shown.map((c) => (
                    <GridCell key={c.id} style={CELL_STYLE}>
                      {c.cell(row)}
                    </GridCell>
                  ))}
                  {actions && <GridCell>{actions(row)}</GridCell>}
                </div>
              );
            })}
          </div>
          {footer}
        </Box>
      </Box>
    </Stack>
  );
}

/** A row's cell: a plain element (see CELL_STYLE). */
function GridCell({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of ARIA roles, so that rows can be drawn virtually
    <div role="cell" style={style}>
      {children}
    </div>
  );
}

function SortIcon({ direction }: { direction: SortState['direction'] | undefined }) {
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return <Icon size="0.9rem" aria-hidden color={direction ? undefined : tokens.color['text-muted']} />;
}

function ColumnChooser<T>({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly VirtualColumn<T>[];
  hidden: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size="1rem" aria-hidden />}>
          {t('common.shownColumns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('common.shownColumns')}>
          {columns.map((c) => (
            <Checkbox
              key={c.id}
              label={c.header}
              checked={!hidden.has(c.id)}
              onChange={() => {
                const next = new Set(hidden);
                if (next.has(c.id)) next.delete(c.id);
                else next.add(c.id);
                onChange(next);
              }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
