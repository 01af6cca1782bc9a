import {
  ADMIN_ROUTE,
  encodeOrderRef,
  FRAUD_WARNING_STATES,
  type FraudWarningRecord,
  type FraudWarningState,
  formatUtcDate,
  SCREENS,
} from '@eta/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type ApiError, shownRefusal } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useFraudWarningsQuery, useRefundWarningMutation } from './api.ts';
import { KeepWarningModal } from './KeepWarningModal.tsx';
import { ListPager, usePage } from './ListPager.tsx';

const STATE_LABEL: Record<FraudWarningState, string> = { open: 'Open', refunded: 'Refunded', kept: 'Kept' };

/** Stripe's fraud types ("made_with_stolen_card") as words. */
const reasonText = (type: string) => {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function Downloaded({ warning }: { warning: FraudWarningRecord }) {
  if (warning.order_id === null) return <span className="text-secondary">-</span>;
  return warning.never_downloaded ? (
    <span className="badge text-bg-danger">Never downloaded</span>
  ) : (
    <span className="badge text-bg-secondary">Downloaded</span>
  );
}

/**
 * The open warning's two choices. Never downloaded: the customer likely never had the eTA, so the
 * refund (which avoids the chargeback fee and the dispute-ratio count) comes first and is primary.
 * Downloaded: the download log is evidence for a dispute, so Keep comes first and neither is primary.
 */
function WarningActions({
  warning,
  busy,
  onRefund,
  onKeep,
}: {
  warning: FraudWarningRecord;
  busy: boolean;
  onRefund: () => void;
  onKeep: () => void;
}) {
  if (warning.state !== 'open') return null;
  const refund = (
    <Button
      key="refund"
      size="sm"
      variant={warning.never_downloaded ? 'primary' : 'outline-primary'}
      className="text-nowrap"
      disabled={busy || warning.order_id === null}
      onClick={onRefund}
    >
      Refund now
    </Button>
  );
  const keep = (
    <Button key="keep" size="sm" variant="outline-secondary" disabled={busy} onClick={onKeep}>
      Keep
    </Button>
  );
  return <div className="d-flex gap-2">{warning.never_downloaded ? [refund, keep] : [keep, refund]}</div>;
}

/** DESIGN §26: Stripe's early fraud warnings, each refunded now (one click) or kept with a reason. */
export function FraudWarningsPage() {
  const [state, setState] = useState<FraudWarningState | undefined>('open');
  const paging = usePage();
  const { data, isFetching } = useFraudWarningsQuery({ state, ...paging.args }, { refetchOnMountOrArgChange: true });
  const [refund, refunding] = useRefundWarningMutation();
  const [keeping, setKeeping] = useState<FraudWarningRecord | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const warnings = data?.data ?? [];

  const refundNow = async (warning: FraudWarningRecord) => {
    setRefusal(null);
    const result = await refund(warning.id);
    if ('error' in result) setRefusal(shownRefusal(result.error as ApiError));
    else if (result.data) notify(result.data);
  };

  return (
    <>
      <PageHeader title={SCREENS.fraudWarnings.title}>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Show warnings"
          value={state ?? 'all'}
          onChange={(event) => {
            setState(event.target.value === 'all' ? undefined : (event.target.value as FraudWarningState));
            paging.setPage(1);
          }}
        >
          {FRAUD_WARNING_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABEL[s]}
            </option>
          ))}
          <option value="all">All</option>
        </Form.Select>
      </PageHeader>
      {refusal && (
        <Alert variant="danger" dismissible onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Table responsive hover size="sm" className="bg-white align-middle">
        {/* ids, dates and buttons on one line each: only the charge id and the reason may wrap */}
        <thead className="text-nowrap">
          <tr>
            <th>Order</th>
            <th>Charge</th>
            <th>Reason</th>
            <th>Warned</th>
            <th>eTA</th>
            <th>State</th>
            <th>Action</th>
          </tr>
        </thead>
        <tbody>
          {warnings.map((warning) => (
            <tr key={warning.id} data-testid={`fraud-warning-${warning.id}`}>
              <td className="text-nowrap">
                {warning.order_id ? (
                  <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(warning.order_id)}`}>{warning.order_id}</Link>
                ) : (
                  <span className="text-secondary">No matching order</span>
                )}
              </td>
              <td className="text-break">{warning.charge_ref}</td>
              <td>{reasonText(warning.fraud_type)}</td>
              <td className="text-nowrap">{formatUtcDate(warning.warned_at)}</td>
              <td>
                <Downloaded warning={warning} />
              </td>
              <td>
                {STATE_LABEL[warning.state]}
                {warning.keep_reason && <div className="small text-secondary">{warning.keep_reason}</div>}
              </td>
              <td>
                <WarningActions
                  warning={warning}
                  busy={refunding.isLoading}
                  onRefund={() => void refundNow(warning)}
                  onKeep={() => setKeeping(warning)}
                />
              </td>
            </tr>
          ))}
          {warnings.length === 0 && !isFetching && (
            <tr>
              <td colSpan={7} className="text-center text-secondary">
                No fraud warnings.
              </td>
            </tr>
          )}
        </tbody>
      </Table>
      <ListPager paging={paging} total={data?.total ?? warnings.length} settled={!isFetching} />
      <KeepWarningModal warning={keeping} onClose={() => setKeeping(null)} />
    </>
  );
}
