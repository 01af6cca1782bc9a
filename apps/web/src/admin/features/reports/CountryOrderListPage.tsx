import { type CountryReportRow, REPORT_COLUMN, type ReportRange, SCREENS } from '@eta/shared';
import { useCallback } from 'react';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { showCountryOrderDetails } from '../../../store/orderSlice.ts';
import { useLazyGetCountryOrderCountQuery } from './api.ts';
import { countryChart } from './charts.ts';
import type { ReportColumn } from './columns.tsx';
import { ReportChart } from './ReportChart.tsx';
import { ReportPage } from './ReportPage.tsx';
import { resultOf } from './result.ts';
import { selectCountryOrderDetails } from './selectors.ts';

const COLUMNS: ReportColumn<CountryReportRow>[] = [
  { id: 'nationality', header: REPORT_COLUMN.nationality, value: (r) => r.nationality },
  { id: 'count', header: REPORT_COLUMN.count, value: (r) => r.count, numeric: true },
  { id: 'standard_count', header: REPORT_COLUMN.standard, value: (r) => r.standard_count, numeric: true },
  { id: 'priority_count', header: REPORT_COLUMN.priority, value: (r) => r.priority_count, numeric: true },
];
const CHART = (rows: CountryReportRow[]) => <ReportChart rows={rows} shape={countryChart} testId="country-chart" />;
const SEARCH = { placeholder: WEB_TEXT.countrySearch, label: WEB_TEXT.countrySearchLabel };
const byNationality = (row: CountryReportRow) => row.nationality;

/** SPEC §2 Country Order Details (/admin/country-order-list): every signed-in member. */
export function CountryOrderListPage() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectCountryOrderDetails);
  const [fetchReport] = useLazyGetCountryOrderCountQuery();
  const load = useCallback((range: ReportRange) => resultOf(fetchReport(range)), [fetchReport]);
  const onShown = useCallback((range: ReportRange) => dispatch(showCountryOrderDetails(range)), [dispatch]);
  return (
    <ReportPage
      title={SCREENS.countryOrderList.title}
      kind="country-orders"
      columns={COLUMNS}
      searchKey={byNationality}
      search={SEARCH}
      load={load}
      rows={rows}
      onShown={onShown}
      chart={CHART}
    />
  );
}
