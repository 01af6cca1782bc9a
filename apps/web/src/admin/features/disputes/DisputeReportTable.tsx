import type { DisputeReportRow } from '@eta/shared';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { ReportTable, tableColumns } from '../reports/index.ts';
import { DIMENSION_TITLE, type Dimension, reportColumns, rowsOf } from './disputeReport.ts';

interface DisputeReportTableProps {
  dimension: Dimension;
  rows: readonly DisputeReportRow[];
  loading: boolean;
  refreshing: boolean;
  error: string | null;
}

/**
 * One breakdown of the dispute report under its heading. A handful of rows (six processors, seven
 * categories, by currency), in the server's order: no paging, no sorting.
 */
export function DisputeReportTable({ dimension, rows, loading, refreshing, error }: DisputeReportTableProps) {
  const data = useMemo(() => rowsOf(rows, dimension), [rows, dimension]);
  const columns = useMemo(() => tableColumns(reportColumns(dimension)), [dimension]);
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), enableSorting: false });
  const headingId = `dispute-report-${dimension}`;
  return (
    <section aria-labelledby={headingId} className="dispute-report-part" data-testid={headingId}>
      <h2 id={headingId} className="h6 mb-2">
        {DIMENSION_TITLE[dimension]}
      </h2>
      <ReportTable
        table={table}
        rows={table.getRowModel().rows}
        offset={0}
        loading={loading}
        refreshing={refreshing}
        error={error}
        focusLabel={DIMENSION_TITLE[dimension]}
      />
    </section>
  );
}
