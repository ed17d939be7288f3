import { Box } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { type BenchRow, COLUMNS, rows } from './rows.js';
import { mount } from './shell.js';

// The same table on TanStack Table (sorting model) + TanStack Virtual (the window): 40 px rows,
// 10 rows of overscan, a CSS grid per row, as the hand-made VirtualTable draws it.
const ROW_HEIGHT = 40;
const columns: ColumnDef<BenchRow>[] = COLUMNS.map((id) => ({ id, header: id, accessorKey: id }));
const rowStyle = {
  display: 'grid',
  gridTemplateColumns: COLUMNS.map(() => 'minmax(6rem, 1fr)').join(' '),
  alignItems: 'center',
  gap: 'var(--mantine-spacing-xs)',
  paddingInline: 'var(--mantine-spacing-xs)',
  borderBottom: '1px solid var(--stowage-color-border)',
} as const;

function TanStackTable() {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => row.name,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const model = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: model.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  return (
    <Box role="table" aria-label="Objects" aria-rowcount={model.length + 1}>
      <Box role="rowgroup">
        {table.getHeaderGroups().map((group) => (
          <Box role="row" key={group.id} style={{ ...rowStyle, height: ROW_HEIGHT, fontWeight: 600 }}>
            {group.headers.map((header) => (
              <Box role="columnheader" key={header.id} onClick={header.column.getToggleSortingHandler()}>
                {flexRender(header.column.columnDef.header, header.getContext())}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      <Box
        ref={scroller}
        role="rowgroup"
        data-testid="virtual-rows"
        style={{ height: 600, overflowY: 'auto', position: 'relative' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = model[item.index];
            if (!row) return null;
            return (
              <Box
                role="row"
                key={row.id}
                aria-rowindex={item.index + 2}
                style={{
                  ...rowStyle,
                  position: 'absolute',
                  top: item.start,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                }}
              >
                {row.getVisibleCells().map((cell) => (
                  <Box
                    role="cell"
                    key={cell.id}
                    style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Box>
                ))}
              </Box>
            );
          })}
        </div>
      </Box>
    </Box>
  );
}

mount(<TanStackTable />);
