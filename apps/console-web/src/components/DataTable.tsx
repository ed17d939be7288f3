import { Checkbox, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<T> {
  /** Column heading. */
  header: string;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  /** Row actions (icon buttons), in the last column. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** Checkbox selection: the selected keys and a setter. */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (next: Set<string>) => void;
    rowLabel: (row: T) => string;
    allLabel: string;
  };
}

/** The one list table: columns, optional checkbox selection and per-row actions. */
export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
  actions,
  actionsHeader,
  selection,
}: DataTableProps<T>) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  const keys = rows.map(rowKey);
  const allSelected = selection !== undefined && keys.every((k) => selection.selected.has(k));
  const someSelected = selection !== undefined && keys.some((k) => selection.selected.has(k));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={label} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() => selection.onChange(allSelected ? new Set() : new Set(keys))}
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            {actions && <Table.Th>{actionsHeader}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <Table.Tr key={key}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.rowLabel(row)}
                      checked={selection.selected.has(key)}
                      onChange={() => toggle(key)}
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                ))}
                {actions && <Table.Td>{actions(row)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
