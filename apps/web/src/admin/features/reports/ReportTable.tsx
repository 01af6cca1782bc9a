import { TABLE_SCROLL_HEIGHT_PX } from '@eta/shared';
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import BsTable from 'react-bootstrap/Table';
import { SortableHead } from '../../../components/SortableHead.tsx';
import { SERIAL_ID } from './columns.tsx';
import '../../../components/table.css';
import { TableStateRow } from '../../../components/TableStateRow.tsx';

interface ReportTableProps<T> {
  table: Table<T>;
  /** the rows of the current page, in the order shown */
  rows: Row<T>[];
  /** S. No of the first row on this page, less one */
  offset: number;
  loading: boolean;
  refreshing: boolean;
  error: string | null;
  /**
   * the table's name; given, its scroll box takes focus (WCAG 2.1.1), for a table with no sortable
   * header, whose box holds nothing else a keyboard could reach
   */
  focusLabel?: string;
}

type Meta = { numeric?: boolean; label?: string } | undefined;
const numeric = (meta: unknown) => Boolean((meta as Meta)?.numeric);
/** The heading as plain text: a line-break hint inside would put a space into the accessible name. */
const labelOf = (meta: unknown) => (meta as Meta)?.label;

/** SPEC §2 report table: sortable headers, S. No, a fixed header over a 550 px body, 'No records found'. */
export function ReportTable<T>(props: ReportTableProps<T>) {
  const { table, rows, offset, loading, refreshing, error } = props;
  const width = table.getVisibleLeafColumns().length;
  let body: ReactNode;
  if (loading || error || rows.length === 0) {
    body = <TableStateRow colSpan={width} loading={loading} error={error} />;
  } else {
    body = rows.map((row, i) => (
      <tr key={row.id}>
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={numeric(cell.column.columnDef.meta) ? 'text-end' : undefined}>
            {cell.column.id === SERIAL_ID ? offset + i + 1 : flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div
      className={`queue-scroll${refreshing ? ' refreshing' : ''}`}
      style={{ maxHeight: TABLE_SCROLL_HEIGHT_PX }}
      aria-busy={loading || refreshing}
      {...(props.focusLabel ? { role: 'group', tabIndex: 0, 'aria-label': props.focusLabel } : {})}
    >
      <BsTable hover className="queue-table report-table align-middle mb-0">
        <SortableHead
          table={table}
          cellClass={(column) => (numeric(column.columnDef.meta) ? 'text-end' : undefined)}
          sortLabel={(column) => labelOf(column.columnDef.meta)}
        />
        <tbody>{body}</tbody>
      </BsTable>
    </div>
  );
}
