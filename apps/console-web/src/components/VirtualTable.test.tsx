import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders.js';
import { DataTable } from './DataTable.js';
import { compareBy } from './tableSort.js';
import { HEADER_HEIGHT, OVERSCAN, ROW_HEIGHT } from './VirtualTable.js';

interface Row {
  name: string;
  size: number;
}
const columns = [
  { header: 'Name', cell: (r: Row) => r.name },
  { header: 'Size', cell: (r: Row) => String(r.size), optional: true },
];
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `row-${i}`, size: i }));

test('spec 001 generic table: rows and header 40 px high, 10 rows of overscan', () => {
  expect([ROW_HEIGHT, HEADER_HEIGHT, OVERSCAN]).toEqual([40, 40, 10]);
  renderWithProviders(
    <DataTable label="Things" rows={rows(5)} rowKey={(r) => r.name} columns={columns} empty="none" />,
  );
  const table = screen.getByRole('table', { name: 'Things' });
  const [header, first] = within(table).getAllByRole('row');
  expect(header).toHaveStyle({ height: '40px' });
  expect(first).toHaveStyle({ height: '40px', top: '0px' });
  expect(within(table).getAllByRole('row')[2]).toHaveStyle({ top: '40px' });
});

test('Loading... while loading; the empty text once loaded', () => {
  const emptyTable = (loading: boolean) => (
    <DataTable
      label="Things"
      rows={[]}
      rowKey={(r: Row) => r.name}
      columns={columns}
      empty="There are no things yet."
      loading={loading}
    />
  );
  const { rerender } = renderWithProviders(emptyTable(true));
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  rerender(emptyTable(false));
  expect(screen.getByText('There are no things yet.')).toBeInTheDocument();
});

test('Shown Columns hides and shows the optional columns', async () => {
  const user = userEvent.setup();
  renderWithProviders(
    <DataTable
      label="Things"
      rows={rows(2)}
      rowKey={(r) => r.name}
      columns={columns}
      empty="none"
      columnChooser
    />,
  );
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers()).toEqual(['Name', 'Size']);
  await user.click(screen.getByRole('button', { name: 'Shown Columns' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Size' }));
  expect(headers()).toEqual(['Name']);
  expect(screen.queryByRole('checkbox', { name: 'Name' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Size' }));
  expect(headers()).toEqual(['Name', 'Size']);
});

test('a long list draws only the rows in view', () => {
  renderWithProviders(
    <DataTable label="Things" rows={rows(10_000)} rowKey={(r) => r.name} columns={columns} empty="none" />,
  );
  const table = screen.getByRole('table', { name: 'Things' });
  expect(table).toHaveAttribute('aria-rowcount', '10001');
  // 520 px of rows (13) plus the overscan below; the header row too.
  expect(within(table).getAllByRole('row')).toHaveLength(1 + 13 + OVERSCAN);
});

const sortable = [
  { header: 'Name', cell: (r: Row) => r.name, compare: compareBy((r: Row) => r.name) },
  { header: 'Size', cell: (r: Row) => String(r.size), compare: compareBy((r: Row) => r.size) },
];
const sizes: Row[] = [
  { name: 'b', size: 2 },
  { name: 'a', size: 1 },
  { name: 'c', size: 2 },
];
const names = () =>
  within(screen.getByTestId('virtual-rows'))
    .getAllByRole('row')
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

test('a sortable header sorts on click or Enter: ascending, then descending, stable', async () => {
  const user = userEvent.setup();
  renderWithProviders(
    <DataTable label="Things" rows={sizes} rowKey={(r) => r.name} columns={sortable} empty="none" />,
  );
  const size = screen.getByRole('columnheader', { name: 'Size' });
  expect(size).toHaveAttribute('aria-sort', 'none');
  expect(names()).toEqual(['b', 'a', 'c']);
  await user.click(within(size).getByRole('button', { name: 'Size' }));
  expect(size).toHaveAttribute('aria-sort', 'ascending');
  expect(names()).toEqual(['a', 'b', 'c']);
  within(size).getByRole('button').focus();
  await user.keyboard('{Enter}');
  expect(size).toHaveAttribute('aria-sort', 'descending');
  // b and c are equal in size: they keep their order in both directions.
  expect(names()).toEqual(['b', 'c', 'a']);
  expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
});

test('a server-sorted table reports the sort and draws the rows as they come', async () => {
  const user = userEvent.setup();
  const changes: unknown[] = [];
  renderWithProviders(
    <DataTable
      label="Things"
      rows={sizes}
      rowKey={(r) => r.name}
      columns={[{ header: 'Name', cell: (r: Row) => r.name, sortable: true }]}
      empty="none"
      sort={{ column: 'Name', direction: 'descending' }}
      onSortChange={(next) => changes.push(next)}
    />,
  );
  const name = screen.getByRole('columnheader', { name: 'Name' });
  expect(name).toHaveAttribute('aria-sort', 'descending');
  await user.click(within(name).getByRole('button'));
  expect(changes).toEqual([{ column: 'Name', direction: 'ascending' }]);
  expect(names()).toEqual(['b', 'a', 'c']);
});

test('the rows are one tab stop moved by arrows, Home/End and PageUp/Down; Enter opens one', async () => {
  const user = userEvent.setup();
  const opened: string[] = [];
  renderWithProviders(
    <>
      <button type="button">before</button>
      <DataTable
        label="Things"
        rows={rows(1000)}
        rowKey={(r) => r.name}
        columns={columns}
        empty="none"
        onActivate={(row) => opened.push(row.name)}
      />
    </>,
  );
  const focusedRow = () => within(document.activeElement as HTMLElement).getAllByRole('cell')[0]?.textContent;
  screen.getByRole('button', { name: 'before' }).focus();
  await user.tab();
  expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');
  expect(focusedRow()).toBe('row-0');
  // One tab stop: the other rows are out of the tab order.
  const tabbable = within(screen.getByTestId('virtual-rows'))
    .getAllByRole('row')
    .filter((r) => r.tabIndex === 0);
  expect(tabbable).toHaveLength(1);
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(focusedRow()).toBe('row-2');
  await user.keyboard('{ArrowUp}');
  expect(focusedRow()).toBe('row-1');
  // 520 px of 40 px rows: a page is 13 rows.
  await user.keyboard('{PageDown}');
  expect(focusedRow()).toBe('row-14');
  await user.keyboard('{PageUp}');
  expect(focusedRow()).toBe('row-1');
  // The last row is far outside the drawn window: the list scrolls to it and draws it.
  await user.keyboard('{End}');
  expect(focusedRow()).toBe('row-999');
  expect(document.activeElement).toHaveAttribute('aria-rowindex', '1001');
  await user.keyboard('{ArrowDown}');
  expect(focusedRow()).toBe('row-999');
  await user.keyboard('{Enter}');
  expect(opened).toEqual(['row-999']);
  await user.keyboard('{Home}');
  expect(focusedRow()).toBe('row-0');
});

/** A table whose selection lives in its own state, as a screen keeps it. */
function Selectable() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <DataTable
      label="Things"
      rows={rows(3)}
      rowKey={(r) => r.name}
      columns={columns}
      empty="none"
      selection={{
        selected,
        onChange: setSelected,
        rowLabel: (r) => `Select ${r.name}`,
        allLabel: 'Select all',
      }}
    />
  );
}

test('the selection boxes: Select all is mixed while some rows are selected, checked when all are', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Selectable />);
  const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
  expect(all.checked || all.indeterminate).toBe(false);
  await user.click(screen.getByRole('checkbox', { name: 'Select row-1' }));
  expect(screen.getByRole('checkbox', { name: 'Select row-1' })).toBeChecked();
  expect(all).toBePartiallyChecked();
  await user.click(all);
  for (const name of ['row-0', 'row-1', 'row-2']) {
    expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
  }
  expect(all.indeterminate).toBe(false);
  expect(all).toBeChecked();
  await user.click(all);
  expect(screen.getByRole('checkbox', { name: 'Select row-1' })).not.toBeChecked();
  expect(all.checked || all.indeterminate).toBe(false);
});
