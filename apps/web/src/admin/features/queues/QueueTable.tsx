import { MSG, type OrderListItem, TABLE_SCROLL_HEIGHT_PX } from '@eta/shared';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { SortableHead } from '../../../components/SortableHead.tsx';
import { TableStateRow } from '../../../components/TableStateRow.tsx';

/** the rows' container: the target of the queue's "Skip to the orders" link */
export const QUEUE_ROWS_ID = 'queue-rows';

interface QueueTableProps {
  /** the table's accessible name (the queue's title) */
  label: string;
  rows: OrderListItem[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's own type for a list of mixed columns
  columns: ColumnDef<OrderListItem, any>[];
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  /** first load: nothing to show yet */
  loading: boolean;
  /** a reload over rows already shown */
  refreshing: boolean;
  /** the server refused the list (its message) */
  error: string | null;
  /** rows others changed since they were read (order id → what happened): marked, not moved */
  changed?: Record<string, string>;
}

const CELL_CLASS: Record<string, string> = { select: 'select-cell', action: 'action-cell' };
const cellClass = (columnId: string) => CELL_CLASS[columnId];
const rowClass = (selected: boolean, changed: boolean) =>
  [selected ? 'selected' : '', changed ? 'live-changed' : ''].filter(Boolean).join(' ') || undefined;

/**
 * SPEC §2 queue table: sortable headers (sorted by the server), row checkboxes with select-all, a
 * fixed header over a 550 px scroll body, and the two empty texts.
 */
export function QueueTable(props: QueueTableProps) {
  const { rows, columns, loading, refreshing, error } = props;
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (order) => order.order_id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting: props.sorting, rowSelection: props.rowSelection },
    onSortingChange: props.onSortingChange,
    onRowSelectionChange: props.onRowSelectionChange,
  });
  const empty = !loading && !error && rows.length === 0;

  let body: ReactNode;
  if (loading || error || empty) {
    body = <TableStateRow colSpan={columns.length} loading={loading} error={error} />;
  } else {
    body = table.getRowModel().rows.map((row) => (
      <tr
        key={row.id}
        // j/k move the focus from row to row (useQueueKeys)
        tabIndex={-1}
        data-order-id={row.id}
        className={rowClass(row.getIsSelected(), props.changed?.[row.id] !== undefined)}
        title={props.changed?.[row.id]}
        data-live-change={props.changed?.[row.id]}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cellClass(cell.column.id)}>
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
        <Table hover className="queue-table align-middle mb-0" aria-label={props.label}>
          <SortableHead table={table} cellClass={(column) => cellClass(column.id)} />
          <tbody id={QUEUE_ROWS_ID} tabIndex={-1}>
            {body}
          </tbody>
        </Table>
      </div>
      {/* SPEC §2: an empty table also says so in red below it. */}
      {empty && <p className="text-danger small mt-2 mb-0">{MSG.noDataInTable}</p>}
    </>
  );
}
