import { isIsoDay, REPORT_MSG, type ReportRange } from '@eta/shared';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { monthRange } from './useReportRange.ts';

interface DateRangeFormProps {
  /** the range the report shows now */
  value: ReportRange;
  busy: boolean;
  /** field → message from the server's 400 */
  serverErrors: Record<string, string>;
  onSubmit: (range: ReportRange) => void;
}

type Errors = Partial<Record<'fromDate' | 'toDate', string>>;

/** The same rules as the server's (shared), so a bad range is caught before it is sent. */
function validate(range: { fromDate: string; toDate: string }): Errors {
  const errors: Errors = {};
  if (range.fromDate && !isIsoDay(range.fromDate)) errors.fromDate = REPORT_MSG.fromDate;
  if (range.toDate && !isIsoDay(range.toDate)) errors.toDate = REPORT_MSG.toDate;
  if (!errors.fromDate && !errors.toDate && range.fromDate && range.toDate && range.fromDate > range.toDate)
    errors.fromDate = REPORT_MSG.rangeOrder;
  return errors;
}

/** SPEC §2: From and To date inputs and a Submit button; days are UTC days, both included. */
export function DateRangeForm({ value, busy, serverErrors, onSubmit }: DateRangeFormProps) {
  const [fromDate, setFrom] = useState(value.fromDate ?? '');
  const [toDate, setTo] = useState(value.toDate ?? '');
  const [errors, setErrors] = useState<Errors>({});

  // The address can change under the form (Back, a sidebar link): show what the report shows.
  useEffect(() => {
    setFrom(value.fromDate ?? '');
    setTo(value.toDate ?? '');
  }, [value.fromDate, value.toDate]);

  const submit = (range: { fromDate: string; toDate: string }) => {
    const found = validate(range);
    setErrors(found);
    if (found.fromDate || found.toDate) return;
    onSubmit({ fromDate: range.fromDate || null, toDate: range.toDate || null });
  };
  const preset = (offset: number) => {
    const range = monthRange(offset);
    setFrom(range.fromDate ?? '');
    setTo(range.toDate ?? '');
    submit({ fromDate: range.fromDate ?? '', toDate: range.toDate ?? '' });
  };
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({ fromDate, toDate });
  };
  const fromError = errors.fromDate ?? serverErrors.fromDate;
  const toError = errors.toDate ?? serverErrors.toDate;

  return (
    <Form noValidate onSubmit={onFormSubmit} className="report-range" aria-label="Date range">
      <Form.Group className="report-date" controlId="report-from">
        <Form.Label>{WEB_TEXT.fromDate}</Form.Label>
        <Form.Control
          type="date"
          value={fromDate}
          max={toDate || undefined}
          isInvalid={Boolean(fromError)}
          aria-invalid={Boolean(fromError) || undefined}
          aria-describedby={fromError ? 'report-from-error' : undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
        {fromError && (
          <div className="invalid-feedback d-block" id="report-from-error">
            {fromError}
          </div>
        )}
      </Form.Group>
      <Form.Group className="report-date" controlId="report-to">
        <Form.Label>{WEB_TEXT.toDate}</Form.Label>
        <Form.Control
          type="date"
          value={toDate}
          min={fromDate || undefined}
          isInvalid={Boolean(toError)}
          aria-invalid={Boolean(toError) || undefined}
          aria-describedby={toError ? 'report-to-error' : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        {toError && (
          <div className="invalid-feedback d-block" id="report-to-error">
            {toError}
          </div>
        )}
      </Form.Group>
      <div className="report-range-actions">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          {WEB_TEXT.submit}
        </Button>
        <Button variant="outline-secondary" disabled={busy} onClick={() => preset(0)}>
          {WEB_TEXT.thisMonth}
        </Button>
        <Button variant="outline-secondary" disabled={busy} onClick={() => preset(-1)}>
          {WEB_TEXT.lastMonth}
        </Button>
      </div>
    </Form>
  );
}
