import { type DisputeWithCe3, MSG, TABLE_SCROLL_HEIGHT_PX } from '@eta/shared';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { SortableHead } from '../../../components/SortableHead.tsx';
import type { DisputeColumns } from './disputeColumns.tsx';
import '../../../components/table.css';
import { TableStateRow } from '../../../components/TableStateRow.tsx';

interface DisputesTableProps {
  rows: DisputeWithCe3[];
  columns: DisputeColumns;
  loading: boolean;
  refreshing: boolean;
  error: string | null;
}

const numeric = (meta: unknown) => Boolean((meta as { numeric?: boolean } | undefined)?.numeric);
/** Numbers align right; the Action column sticks to the right edge, as in the queues, so it stays in reach. */
const cellClass = (column: { id: string; columnDef: { meta?: unknown } }) =>
  column.id === 'action' ? 'action-cell' : numeric(column.columnDef.meta) ? 'text-end' : undefined;

/**
 * A list of disputes as SPEC §2's tables look: a fixed header over a 550 px body and the empty texts.
 * The server keeps them soonest deadline first, the order that matters here, so headers do not sort.
 */
export function DisputesTable({ rows, columns, loading, refreshing, error }: DisputesTableProps) {
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (dispute) => String(dispute.id),
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
  });
  const empty = !loading && !error && rows.length === 0;

  let body: ReactNode;
  if (loading || error || empty) {
    body = <TableStateRow colSpan={columns.length} loading={loading} error={error} />;
  } else {
    body = table.getRowModel().rows.map((row) => (
      <tr key={row.id}>
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cellClass(cell.column)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <>
      <div
        className={`queue-scroll${refreshing ? ' refreshing' : ''}`}
        style={{ maxHeight: TABLE_SCROLL_HEIGHT_PX }}
        aria-busy={loading || refreshing}
      >
        <Table hover className="queue-table disputes-table align-middle mb-0">
          <SortableHead table={table} cellClass={cellClass} />
          <tbody>{body}</tbody>
        </Table>
      </div>
      {empty && <p className="text-danger small mt-2 mb-0">{MSG.noDataInTable}</p>}
    </>
  );
}
