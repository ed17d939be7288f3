import { DataTable } from '@stowage/console-web/components/DataTable';
import { type BenchRow, COLUMNS, rows } from './rows.js';
import { mount } from './shell.js';

const columns = COLUMNS.map((id) => ({ header: id, cell: (row: BenchRow) => row[id] }));

mount(
  <DataTable
    label="Objects"
    rows={rows}
    rowKey={(row) => row.name}
    columns={columns}
    empty="none"
    height={600}
  />,
);
