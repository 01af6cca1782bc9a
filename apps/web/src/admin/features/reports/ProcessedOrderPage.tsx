import { type ProcessedByReportRow, REPORT_COLUMN, type ReportRange, SCREENS } from '@eta/shared';
import { useCallback } from 'react';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { showProcessedOrderDetails } from '../../../store/orderSlice.ts';
import { useLazyGetProcessedByCountQuery } from './api.ts';
import { processedChart } from './charts.ts';
import type { ReportColumn } from './columns.tsx';
import { ReportChart } from './ReportChart.tsx';
import { ReportPage } from './ReportPage.tsx';
import { resultOf } from './result.ts';
import { selectProcessedOrderDetails } from './selectors.ts';

const COLUMNS: ReportColumn<ProcessedByReportRow>[] = [
  { id: 'processed_by', header: REPORT_COLUMN.name, value: (r) => r.processed_by || null },
  { id: 'count', header: REPORT_COLUMN.count, value: (r) => r.count, numeric: true },
  // DESIGN §18: a whole percent; '-' (null) when none of the member's orders had a service level
  { id: 'sla_met_percent', header: REPORT_COLUMN.slaMet, value: (r) => r.sla_met_percent, numeric: true },
];
const CHART = (rows: ProcessedByReportRow[]) => (
  <ReportChart rows={rows} shape={processedChart} testId="processed-chart" />
);
const SEARCH = { placeholder: WEB_TEXT.nameSearch, label: WEB_TEXT.nameSearchLabel };
const byName = (row: ProcessedByReportRow) => row.processed_by;

/** SPEC §2 Processed By (/admin/processed-order): Admin and Manager (the router guards it, SPEC §6). */
export function ProcessedOrderPage() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectProcessedOrderDetails);
  const [fetchReport] = useLazyGetProcessedByCountQuery();
  const load = useCallback((range: ReportRange) => resultOf(fetchReport(range)), [fetchReport]);
  const onShown = useCallback((range: ReportRange) => dispatch(showProcessedOrderDetails(range)), [dispatch]);
  return (
    <ReportPage
      title={SCREENS.processedOrder.title}
      kind="processed-by"
      columns={COLUMNS}
      searchKey={byName}
      search={SEARCH}
      load={load}
      rows={rows}
      onShown={onShown}
      chart={CHART}
    />
  );
}
