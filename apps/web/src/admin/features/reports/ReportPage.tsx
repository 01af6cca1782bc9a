import {
  type ApiEnvelope,
  DEFAULT_PAGE_SIZE,
  filterReportRows,
  LIMIT_ALL,
  pageCountOf,
  type ReportKind,
  type ReportRange,
  reportFileName,
} from '@eta/shared';
import { getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pagination, type PerPage } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { shownRefusal } from '../../../lib/apiError.ts';
import { notify, notifyRefusal } from '../../../lib/notify.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { csvHeader, csvRows, type ReportColumn, tableColumns } from './columns.tsx';
import { downloadCsv } from './csv.ts';
import { DateRangeForm } from './DateRangeForm.tsx';
import { ReportTable } from './ReportTable.tsx';
import { answerOf } from './result.ts';
import { useReportRange } from './useReportRange.ts';
import './reports.css';

export interface ReportPageProps<Row> {
  title: string;
  kind: ReportKind;
  columns: readonly ReportColumn<Row>[];
  /** the text the search box looks in (SPEC §5: nationality or processed_by) */
  searchKey: (row: Row) => string | null;
  search: { placeholder: string; label: string };
  /** one call to the server; never throws (SPEC §7) */
  load: (range: ReportRange) => Promise<ApiEnvelope<Row[]>>;
  /** SPEC §3 order state: the rows of the answer on screen (a selector over the cache) */
  rows: Row[];
  /** this range's answer is the one to show (the rows above then follow it) */
  onShown: (range: ReportRange) => void;
  /** the chart above the table (DESIGN §21), drawn from `rows`: the same range, no second call */
  chart?: (rows: Row[]) => ReactNode;
}

interface LoadState {
  /** no answer yet on this visit */
  first: boolean;
  busy: boolean;
  error: string | null;
  serverErrors: Record<string, string>;
}

/** A report screen of SPEC §2: dates, Submit, search, a sortable paged table, and the CSV export. */
export function ReportPage<Row>(props: ReportPageProps<Row>) {
  const { title, kind, columns, searchKey, load, rows, onShown } = props;
  const [range, setRange] = useReportRange();
  const [reloads, setReloads] = useState(0);
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [perPage, setPerPage] = useState<PerPage>(DEFAULT_PAGE_SIZE);
  // A new load, search, order or page size starts again on page 1.
  const [page, setPage] = useState(1);
  const [state, setState] = useState<LoadState>({ first: true, busy: true, error: null, serverErrors: {} });
  const latest = useRef(0);
  const started = useRef('');

  // One request per range or Submit, with its SPEC §8 toast; a slower earlier answer never wins.
  useEffect(() => {
    const key = `${range.fromDate}|${range.toDate}|${reloads}`;
    if (started.current === key) return; // StrictMode runs effects twice: one request, one toast
    started.current = key;
    const seq = ++latest.current;
    setState((s) => ({ ...s, busy: true }));
    void answerOf(load(range)).then(({ envelope, refusal }) => {
      if (seq !== latest.current) return;
      if (refusal) notifyRefusal(refusal);
      else notify(envelope);
      onShown(range);
      setPage(1);
      const serverErrors = refusal ? fieldErrors(refusal) : {};
      setState({ first: false, busy: false, error: shownRefusal(refusal), serverErrors });
    });
  }, [range, reloads, load, onShown]);

  const submit = (next: ReportRange) => {
    if (next.fromDate === range.fromDate && next.toDate === range.toDate) setReloads((n) => n + 1);
    else setRange(next);
  };

  const filtered = useMemo(() => filterReportRows(rows, search, searchKey), [rows, search, searchKey]);
  const defs = useMemo(() => tableColumns(columns), [columns]);
  const table = useReactTable({
    data: filtered,
    columns: defs,
    state: { sorting },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPage(1);
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const sorted = table.getRowModel().rows;

  const total = sorted.length;
  const rowsPerPage = perPage === LIMIT_ALL ? Math.max(total, 1) : perPage;
  const current = Math.min(page, pageCountOf(total, rowsPerPage));
  const offset = (current - 1) * rowsPerPage;

  const exportCsv = () =>
    downloadCsv(
      reportFileName(kind, range),
      csvHeader(columns),
      csvRows(
        columns,
        sorted.map((r) => r.original),
      ),
    );
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  return (
    <>
      <PageHeader title={title}>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={exportCsv}
          disabled={state.busy || total === 0}
          title={WEB_TEXT.exportHint}
        >
          {WEB_TEXT.exportCsv}
        </Button>
      </PageHeader>
      <Card className="queue-card shadow-sm border-0">
        <Card.Body>
          <div className="report-toolbar">
            <DateRangeForm value={range} busy={state.busy} serverErrors={state.serverErrors} onSubmit={submit} />
            <div className="report-search">
              <SearchBox
                value={search}
                onSearch={onSearch}
                placeholder={props.search.placeholder}
                label={props.search.label}
              />
            </div>
          </div>
          {props.chart && !state.first && !state.error && rows.length > 0 && props.chart(rows)}
          <ReportTable
            table={table}
            rows={sorted.slice(offset, offset + rowsPerPage)}
            offset={offset}
            loading={state.first}
            refreshing={state.busy && !state.first}
            error={state.error}
          />
          <Pagination
            page={current}
            rowsPerPage={rowsPerPage}
            perPage={perPage}
            total={total}
            allowAll
            onPage={setPage}
            onPerPage={(size) => {
              setPerPage(size);
              setPage(1);
            }}
          />
        </Card.Body>
      </Card>
    </>
  );
}
