import {
  ACCESS_ACTION_LABEL,
  type AccessAction,
  ADMIN_ROUTE,
  can,
  type DataRemoval,
  formatUtcDate,
  formatUtcDateTime,
  type OrderDetail,
} from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { DetailSection } from '../../../components/DetailSection.tsx';
import { useAppSelector } from '../../../store/index.ts';
import { useGetAccessLogQuery } from './api.ts';
import { EraseModal } from './EraseModal.tsx';

const why = (reason: DataRemoval['reason']) =>
  reason === 'request' ? "at the applicant's request" : 'under the retention rule';

/** What left the order and when (DESIGN §16), in the words the detail uses. */
export function removalLines(removal: DataRemoval): string[] {
  const lines: string[] = [];
  if (removal.personal_erased_at)
    lines.push(`Personal data erased on ${formatUtcDate(removal.personal_erased_at)} ${why(removal.reason)}.`);
  if (removal.images_removed_at)
    lines.push(
      `Passport and selfie images removed on ${formatUtcDate(removal.images_removed_at)} ${why(removal.reason)}.`,
    );
  if (removal.documents_removed_at)
    lines.push(`eTA documents removed on ${formatUtcDate(removal.documents_removed_at)} ${why(removal.reason)}.`);
  return lines;
}

/** The order's last reads of personal data (DESIGN §16), shown under its Activity for `audit.read`. */
export function WhoOpened({ orderId }: { orderId: string }) {
  const reply = useGetAccessLogQuery({ orderId, limit: 10, page: 1 });
  const rows = (reply.error ? undefined : reply.data?.data) ?? [];
  return (
    <>
      <h3 className="h6">Who opened this order</h3>
      {rows.length === 0 ? (
        <p className="small text-secondary">{reply.isFetching ? 'Loading…' : 'Nobody yet.'}</p>
      ) : (
        <Table size="sm" className="small mb-2">
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="text-nowrap">{formatUtcDateTime(row.at)}</td>
                <td>{row.member_name ?? '—'}</td>
                <td>{ACCESS_ACTION_LABEL[row.action as AccessAction] ?? row.action}</td>
                <td>{row.detail ?? ''}</td>
                <td>{row.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Link to={`${ADMIN_ROUTE.accessLog}?orderId=${encodeURIComponent(orderId)}`} className="small">
        Full access log of this order
      </Link>
    </>
  );
}

/**
 * Personal data on the order detail (DESIGN §16): what was removed and when, for everyone; the
 * erasure for those whose type may (privacy.erase).
 */
export function PrivacySection({ order, reload }: { order: OrderDetail; reload: () => void }) {
  const role = useAppSelector((state) => state.auth.role);
  const [erasing, setErasing] = useState(false);
  const lines = removalLines(order.data_removal);
  const mayErase = role !== null && can(role, 'privacy.erase') && !order.data_removal.personal_erased_at;
  if (lines.length === 0 && !mayErase) return null;
  return (
    <DetailSection id="personal-data" title="Personal Data">
      {lines.map((line) => (
        <p key={line} className="mb-1 text-secondary">
          {line}
        </p>
      ))}
      {mayErase && (
        <Button variant="outline-danger" size="sm" className="mt-2" onClick={() => setErasing(true)}>
          Erase personal data
        </Button>
      )}
      {erasing && <EraseModal orderId={order.order_id} onClose={() => setErasing(false)} onErased={reload} />}
    </DetailSection>
  );
}
