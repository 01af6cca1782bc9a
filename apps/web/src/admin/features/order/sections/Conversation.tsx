import { type ConversationItem, INBOX_API } from '@eta/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { pathOf } from '../../../../lib/endpoint.ts';
import { DeliveryBadge, INBOX_TEXT, MailFrame } from '../../inbox/index.ts';
import { stamp } from '../format.ts';
import { downloadDocument } from '../useAuthedBlob.ts';

type Attachment = ConversationItem['attachments'][number];

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** An inbound attachment, fetched with the staff token like the other documents (each download is logged). */
function AttachmentLink({ attachment }: { attachment: Attachment }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const refused = await downloadDocument(pathOf(INBOX_API.attachment, { id: attachment.id }), attachment.name);
    setBusy(false);
    if (refused) toast.error(refused.message);
  };
  return (
    <Button variant="link" size="sm" className="p-0 text-break" onClick={save} disabled={busy}>
      {attachment.name} <span className="text-secondary">({kilobytes(attachment.size)})</span>
    </Button>
  );
}

function ConversationMail({ mail }: { mail: ConversationItem }) {
  const incoming = mail.direction === 'in';
  return (
    <li className={`conversation-mail ${incoming ? 'from-customer' : 'from-us'}`} data-testid="conversation-mail">
      <div className="conversation-head">
        <div>
          <div className="fw-semibold">{incoming ? INBOX_TEXT.fromCustomer : INBOX_TEXT.fromUs}</div>
          <div className="small text-secondary text-break">
            {mail.from} → {mail.to}
          </div>
          <div className="small text-secondary">{stamp(mail.at)}</div>
        </div>
        <DeliveryBadge delivery={mail.delivery} detail={mail.delivery_detail} />
      </div>
      <div className="fw-semibold text-break mt-2">{mail.subject}</div>
      {mail.html ? (
        <MailFrame html={mail.html} title={INBOX_TEXT.htmlTitle(mail.subject)} />
      ) : (
        <pre className="conversation-text">{mail.text}</pre>
      )}
      {mail.attachments.length > 0 && (
        <div className="mt-2">
          <span className="small text-secondary">{INBOX_TEXT.attachments}: </span>
          <ul className="list-inline d-inline mb-0">
            {mail.attachments.map((a) => (
              <li key={a.id} className="list-inline-item">
                <AttachmentLink attachment={a} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** DESIGN §25: our mails and the customer's, by time, then the form to write to the customer. */
export function Conversation({ mails, children }: { mails: readonly ConversationItem[]; children?: ReactNode }) {
  return (
    <DetailSection
      id="conversation"
      title={INBOX_TEXT.conversation}
      aside={<span className="text-secondary small">{mails.length}</span>}
    >
      {mails.length === 0 ? (
        <p className="text-secondary">{INBOX_TEXT.noMail}</p>
      ) : (
        <ol className="conversation list-unstyled" data-testid="conversation">
          {mails.map((mail) => (
            <ConversationMail key={`${mail.direction}-${mail.id}`} mail={mail} />
          ))}
        </ol>
      )}
      {children}
    </DetailSection>
  );
}
