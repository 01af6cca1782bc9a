import { type Column, flexRender, type Table } from '@tanstack/react-table';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

interface SortableHeadProps<T> {
  table: Table<T>;
  /** class of a column's header cell (alignment, sticky action column) */
  cellClass?: (column: Column<T, unknown>) => string | undefined;
  /** accessible name of a sort button, when the visible header is abbreviated */
  sortLabel?: (column: Column<T, unknown>) => string | undefined;
}

/**
 * The header of the SPEC §2 sortable tables (queues and reports): a sortable column is a button that
 * cycles its order, and the cell says which way it is sorted for screen readers.
 */
export function SortableHead<T>({ table, cellClass, sortLabel }: SortableHeadProps<T>) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const label = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <th
                key={header.id}
                scope="col"
                className={cellClass?.(header.column)}
                aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    className={`sort-button${sorted ? ` sorted-${sorted}` : ''}`}
                    aria-label={sortLabel?.(header.column)}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    {label}
                    <span className="sort-icon" aria-hidden="true" />
                  </button>
                ) : (
                  label
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
