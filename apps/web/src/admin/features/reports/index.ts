// What other features may use from the reports: the report page's parts (the dispute report is
// built from them) and the selectors SPEC §3's loading and error read (docs/architecture/boundaries.md, Boundaries: the web).
export { type ReportColumn, tableColumns } from './columns.tsx';
export { downloadCsv } from './csv.ts';
export { DateRangeForm } from './DateRangeForm.tsx';
export { ReportChart } from './ReportChart.tsx';
export { ReportTable } from './ReportTable.tsx';
export { answerOf, resultOf } from './result.ts';
export { selectCountryEntry, selectProcessedEntry } from './selectors.ts';
export { useReportRange } from './useReportRange.ts';
