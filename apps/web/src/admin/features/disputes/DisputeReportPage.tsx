import { type DisputeReportRow, type ReportRange, SCREENS } from '@eta/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { shownRefusal } from '../../../lib/apiError.ts';
import { notify, notifyRefusal } from '../../../lib/notify.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { answerOf, DateRangeForm, downloadCsv, ReportChart, resultOf, useReportRange } from '../reports/index.ts';
import { useLazyGetDisputeReportQuery } from './api.ts';
import { DisputeReportTable } from './DisputeReportTable.tsx';
import { DIMENSIONS, disputeReportCsv, disputeReportFileName, winRateChart } from './disputeReport.ts';
import { DISPUTE_TEXT } from './texts.ts';
import '../reports/reports.css';
import './disputes.css';

interface Shown {
  /** no answer yet on this visit */
  first: boolean;
  busy: boolean;
  rows: DisputeReportRow[];
  error: string | null;
  serverErrors: Record<string, string>;
}

/**
 * /admin/dispute-report (DESIGN §14, §21), Admin and Manager: disputes opened in the range, by
 * processor and by reason category, the win rate per processor as bars, and the CSV of both tables.
 */
export function DisputeReportPage() {
  const [range, setRange] = useReportRange();
  const [reloads, setReloads] = useState(0);
  const [fetchReport] = useLazyGetDisputeReportQuery();
  const [shown, setShown] = useState<Shown>({ first: true, busy: true, rows: [], error: null, serverErrors: {} });
  const latest = useRef(0);
  const started = useRef('');

  // One request per range or Submit, with its SPEC §8 toast; a slower earlier answer never wins.
  useEffect(() => {
    const key = `${range.fromDate}|${range.toDate}|${reloads}`;
    if (started.current === key) return; // StrictMode runs effects twice: one request, one toast
    started.current = key;
    const seq = ++latest.current;
    setShown((s) => ({ ...s, busy: true }));
    void answerOf(resultOf(fetchReport(range))).then(({ envelope, refusal }) => {
      if (seq !== latest.current) return;
      if (refusal) notifyRefusal(refusal);
      else notify(envelope);
      setShown({
        first: false,
        busy: false,
        rows: envelope?.data ?? [],
        error: shownRefusal(refusal),
        serverErrors: refusal ? fieldErrors(refusal) : {},
      });
    });
  }, [range, reloads, fetchReport]);

  const submit = (next: ReportRange) => {
    if (next.fromDate === range.fromDate && next.toDate === range.toDate) setReloads((n) => n + 1);
    else setRange(next);
  };
  const chart = useMemo(() => winRateChart(shown.rows), [shown.rows]);
  const exportCsv = () => {
    const csv = disputeReportCsv(shown.rows);
    downloadCsv(disputeReportFileName(range), csv.header, csv.rows);
  };

  return (
    <>
      <PageHeader title={SCREENS.disputeReport.title}>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={exportCsv}
          disabled={shown.busy || shown.rows.length === 0}
          title={WEB_TEXT.exportHint}
        >
          {WEB_TEXT.exportCsv}
        </Button>
      </PageHeader>
      <Card className="queue-card shadow-sm border-0">
        <Card.Body className="dispute-report">
          <div className="report-toolbar">
            <DateRangeForm value={range} busy={shown.busy} serverErrors={shown.serverErrors} onSubmit={submit} />
          </div>
          {!shown.first &&
            !shown.error &&
            shown.rows.length > 0 &&
            (chart.categories.length > 0 ? (
              <ReportChart rows={shown.rows} shape={winRateChart} testId="win-rate-chart" />
            ) : (
              <p className="small text-secondary">{DISPUTE_TEXT.noDecided}</p>
            ))}
          {DIMENSIONS.map((dimension) => (
            <DisputeReportTable
              key={dimension}
              dimension={dimension}
              rows={shown.rows}
              loading={shown.first}
              refreshing={shown.busy && !shown.first}
              error={shown.error}
            />
          ))}
        </Card.Body>
      </Card>
    </>
  );
}
