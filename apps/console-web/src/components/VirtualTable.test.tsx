import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders.js';
import { DataTable } from './DataTable.js';
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
