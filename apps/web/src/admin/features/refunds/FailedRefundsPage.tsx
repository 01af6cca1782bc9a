import {
  ADMIN_ROUTE,
  encodeOrderRef,
  formatMoney,
  formatUtcDateTime,
  REFUND_STATE,
  type RefundRecord,
  refundFailureText,
  SCREENS,
} from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notify } from '../../../lib/notify.ts';
import { useRefundsQuery, useRetryRefundMutation } from './api.ts';
import { ListPager, usePage } from './ListPager.tsx';
import { REFUNDS_TEXT } from './texts.ts';

function FailedRefundRow({ refund, busy, onRetry }: { refund: RefundRecord; busy: boolean; onRetry: () => void }) {
  return (
    <tr data-testid={`failed-refund-${refund.id}`}>
      <td className="text-nowrap">
        {refund.order_id && (
          <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(refund.order_id)}`}>{refund.order_id}</Link>
        )}
      </td>
      <td>{formatMoney(refund.amount_minor, refund.currency)}</td>
      <td className="text-danger">{refund.failure_reason ? refundFailureText(refund.failure_reason) : ''}</td>
      <td>{refund.attempt}</td>
      <td>{refund.requested_by_name ?? REFUNDS_TEXT.system}</td>
      <td className="text-nowrap">{formatUtcDateTime(refund.settled_at ?? refund.updated_at)}</td>
      <td>
        <Button size="sm" variant="outline-danger" className="text-nowrap" disabled={busy} onClick={onRetry}>
          {REFUNDS_TEXT.retry}
        </Button>
      </td>
    </tr>
  );
}

/**
 * DESIGN §26's "Refund failed", listed: each refund Stripe refused with its order and a Retry (a new
 * attempt, so a new idempotency key). A retried refund leaves the list; the dashboard's count follows.
 * Paged: the reply's total is the dashboard's count, so every failed refund it counts can be reached.
 */
export function FailedRefundsPage() {
  const paging = usePage();
  const { data, isLoading, isFetching } = useRefundsQuery(
    { state: REFUND_STATE.failed, ...paging.args },
    { refetchOnMountOrArgChange: true },
  );
  const [retry, retrying] = useRetryRefundMutation();
  const refunds = data?.data ?? [];

  const retryOne = async (refund: RefundRecord) => {
    const result = await retry(refund.id);
    // a refusal is toasted by the API layer (e.g. the order has been refunded since)
    if ('data' in result && result.data) notify(result.data);
  };

  return (
    <>
      <PageHeader title={SCREENS.failedRefunds.title} />
      <p className="text-secondary small">{REFUNDS_TEXT.intro}</p>
      {isLoading ? (
        <Loading />
      ) : refunds.length === 0 ? (
        <p className="text-secondary">{REFUNDS_TEXT.none}</p>
      ) : (
        <Table responsive hover size="sm" className="bg-white align-middle">
          {/* ids, dates and the button on one line each: only why it failed may wrap */}
          <thead className="text-nowrap">
            <tr>
              <th>{REFUNDS_TEXT.order}</th>
              <th>{REFUNDS_TEXT.amount}</th>
              <th>{REFUNDS_TEXT.reason}</th>
              <th>{REFUNDS_TEXT.attempt}</th>
              <th>{REFUNDS_TEXT.asked}</th>
              <th>{REFUNDS_TEXT.failedAt}</th>
              <th>{REFUNDS_TEXT.action}</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <FailedRefundRow
                key={refund.id}
                refund={refund}
                busy={retrying.isLoading}
                onRetry={() => void retryOne(refund)}
              />
            ))}
          </tbody>
        </Table>
      )}
      <ListPager paging={paging} total={data?.total ?? refunds.length} settled={!isFetching} />
    </>
  );
}
