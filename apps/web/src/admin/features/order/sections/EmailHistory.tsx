import { isRejectedDocument, type MailHistoryRecord, type UploadDocRecord } from '@eta/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { ScrollRegion } from '../../../../components/ScrollRegion.tsx';
import { DeliveryBadge } from '../../inbox/index.ts';
import { stamp } from '../format.ts';
import { mailKindLabel, ORDER_TEXT, providerLabel } from '../texts.ts';
import { downloadDocument } from '../useAuthedBlob.ts';

const STATUS_BADGE = { sent: 'success', queued: 'secondary', failed: 'danger' } as const;
const STATUS_LABEL = { sent: 'Sent', queued: 'Queued', failed: 'Failed' } as const;

/** SPEC §2: a rejected document shows 'Rejected' where its download link would be. */
export function DocumentCell({ doc }: { doc: UploadDocRecord | null }) {
  const [busy, setBusy] = useState(false);
  if (!doc) return <span className="text-secondary">-</span>;
  if (isRejectedDocument(doc)) {
    return (
      <Badge bg="danger-subtle" text="danger" className="border border-danger-subtle">
        {ORDER_TEXT.rejected}
      </Badge>
    );
  }
  const download = async () => {
    setBusy(true);
    const refused = await downloadDocument(doc.url, doc.file1);
    setBusy(false);
    if (refused) toast.error(refused.message);
  };
  return (
    <Button variant="link" size="sm" className="p-0 text-nowrap" onClick={download} disabled={busy} title={doc.file1}>
      {ORDER_TEXT.download}
    </Button>
  );
}

interface EmailHistoryProps {
  mails: readonly MailHistoryRecord[];
  retrying: number | null;
  onRetry: (mail: MailHistoryRecord) => void;
}

/** Section 1 of SPEC §2, shown only when the order has mail records (the page decides). */
export function EmailHistory({ mails, retrying, onRetry }: EmailHistoryProps) {
  return (
    <DetailSection
      id="email-history"
      title="Email History"
      flush
      aside={<span className="text-secondary small">{mails.length}</span>}
    >
      {/* newest first, in a box of its own: a long history never pushes Upload Document below the fold */}
      <ScrollRegion className="mail-history-scroll" label="Email History" testId="email-history-scroll">
        <Table className="detail-table stack-sm mb-0" data-testid="email-history">
          <thead>
            <tr>
              <th scope="col">Date &amp; Time (UTC)</th>
              <th scope="col">Mail</th>
              <th scope="col">Provider</th>
              <th scope="col">Status</th>
              <th scope="col">Document</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id}>
                <td data-label="Date & Time (UTC)" className="nowrap">
                  {stamp(mail.create_ts)}
                </td>
                <td data-label="Mail">
                  {/* One child per cell: phones lay each cell out as label | value. */}
                  <div>
                    <div>{mailKindLabel(mail.kind)}</div>
                    <div className="small text-secondary text-break">{mail.to_address}</div>
                  </div>
                </td>
                <td data-label="Provider" className="nowrap">
                  {providerLabel(mail.provider)}
                </td>
                <td data-label="Status">
                  {/* once sent, how it fared (sent, bounced, complained) is the one status worth a column */}
                  {mail.status === 'sent' ? (
                    <DeliveryBadge delivery={mail.delivery} detail={mail.delivery_detail} />
                  ) : (
                    <div>
                      <Badge bg={STATUS_BADGE[mail.status]}>{STATUS_LABEL[mail.status]}</Badge>
                      {mail.status === 'failed' && (
                        <div className="mail-failure">
                          {mail.last_error && <div className="small text-danger text-break">{mail.last_error}</div>}
                          <Button
                            size="sm"
                            variant="outline-danger"
                            className="mt-1"
                            disabled={retrying !== null}
                            onClick={() => onRetry(mail)}
                          >
                            {ORDER_TEXT.sendAgain}
                          </Button>
                        </div>
                      )}
                    </div>
                  )}
                </td>
                <td data-label="Document">
                  <DocumentCell doc={mail.uploadDoc} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </DetailSection>
  );
}
