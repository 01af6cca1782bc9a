import { MISSING_VALUE, REPORT_COLUMN } from '@eta/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Fragment } from 'react';

/** One column of a report: what it shows is what the CSV holds, so the two never differ. */
export interface ReportColumn<Row> {
  id: string;
  header: string;
  /** null shows (and exports) as '-' (SPEC §5) */
  value: (row: Row) => string | number | null;
  numeric?: boolean;
}

export const SERIAL_ID = 'sno';

/** 'Country/Nationality' may wrap after its slash on a phone (the sort button's aria-label keeps the name). */
function breakable(text: string) {
  const [first, ...rest] = text.split('/');
  if (rest.length === 0) return text;
  return (
    <>
      {first}
      {rest.map((part) => (
        <Fragment key={part}>
          /<wbr />
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** TanStack columns: S. No first (numbered in the order shown, so not sortable), then the report's own. */
export function tableColumns<Row>(columns: readonly ReportColumn<Row>[]): ColumnDef<Row, unknown>[] {
  return [
    { id: SERIAL_ID, header: REPORT_COLUMN.serial, enableSorting: false },
    ...columns.map(
      (column): ColumnDef<Row, unknown> => ({
        id: column.id,
        header: () => breakable(column.header),
        // undefined, not null: TanStack keeps undefined values last whichever way the column sorts.
        accessorFn: (row) => column.value(row) ?? undefined,
        sortUndefined: 'last',
        sortingFn: column.numeric ? 'basic' : 'text',
        sortDescFirst: Boolean(column.numeric),
        cell: ({ getValue }) => (getValue() as string | number | undefined) ?? MISSING_VALUE,
        meta: { numeric: column.numeric, label: column.header },
      }),
    ),
  ];
}

/** The rows as the table shows them, every page, for the CSV export. */
export function csvRows<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]) {
  return rows.map((row, i) => [i + 1, ...columns.map((c) => c.value(row) ?? MISSING_VALUE)]);
}

export const csvHeader = <Row,>(columns: readonly ReportColumn<Row>[]) => [
  REPORT_COLUMN.serial,
  ...columns.map((c) => c.header),
];
