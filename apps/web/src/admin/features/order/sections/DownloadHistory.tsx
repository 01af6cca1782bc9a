import { formatEst, isRejectedDocument, type MailProvider, MSG, mailToSchema, type OrderDetail } from '@eta/shared';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { ScrollRegion } from '../../../../components/ScrollRegion.tsx';
import { isUnauthorized } from '../../../../lib/apiError.ts';
import { keyed, orDash } from '../format.ts';
import { ORDER_TEXT, providerLabel } from '../texts.ts';
import type { useDocumentActions } from '../useDocumentActions.ts';

interface DownloadHistoryProps {
  order: OrderDetail;
  provider: MailProvider;
  actions: ReturnType<typeof useDocumentActions>;
  locked: boolean;
}

/** The send-mail form under the downloads: the approval mail again, to the address given. */
function SendMailForm({ order, provider, actions, locked }: DownloadHistoryProps) {
  const [email, setEmail] = useState(order.contact_email_address ?? '');
  const [error, setError] = useState<string | null>(null);
  const latest = order.uploadDoc[0];
  const canSend = latest !== undefined && !isRejectedDocument(latest);
  // DESIGN §22: an erased order refuses every mail (the upload form above says so)
  const erased = order.data_removal.personal_erased_at !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = mailToSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.uploadEmailRequired);
      return;
    }
    setError(null);
    const refusal = await actions.resend(parsed.data, provider);
    if (refusal && !isUnauthorized(refusal)) setError(refusal.message);
  };

  return (
    <Form noValidate onSubmit={submit} className="send-mail-form">
      <fieldset disabled={locked || erased}>
        <Form.Label htmlFor="send-mail-email" className="fw-semibold">
          {ORDER_TEXT.sendMailLegend}
        </Form.Label>
        <div className="send-mail-row">
          <Form.Control
            id="send-mail-email"
            type="email"
            value={email}
            isInvalid={error !== null}
            aria-invalid={error !== null || undefined}
            aria-describedby="send-mail-note"
            onChange={(event) => setEmail(event.target.value)}
          />
          <span title={canSend ? undefined : ORDER_TEXT.resendNeedsDocument} className="d-inline-block">
            <Button type="submit" variant="outline-primary" disabled={actions.resending || !canSend}>
              Resend Mail
            </Button>
          </span>
        </div>
        {error ? (
          <div className="invalid-feedback d-block" id="send-mail-note">
            {error}
          </div>
        ) : (
          <Form.Text muted id="send-mail-note">
            Sent via {providerLabel(provider)}, the provider chosen under Upload Document.
          </Form.Text>
        )}
      </fieldset>
    </Form>
  );
}

/** Section 8 of SPEC §2: every download of the eTA (chargeback evidence), newest first. */
export function DownloadHistory(props: DownloadHistoryProps) {
  const downloads = props.order.downloadHistory;
  return (
    <DetailSection id="download-history" title="Download History" flush>
      <ScrollRegion className="table-responsive" label="Download History">
        <Table className="detail-table stack-sm mb-0" data-testid="download-history">
          <thead>
            <tr>
              <th scope="col">Date &amp; Time</th>
              <th scope="col">IP</th>
              <th scope="col">Timezone</th>
              <th scope="col">Browser</th>
              <th scope="col">OS</th>
            </tr>
          </thead>
          <tbody>
            {downloads.length === 0 ? (
              <tr className="empty-row">
                <td colSpan={5} className="empty-cell text-secondary py-3">
                  {MSG.noRecord}
                </td>
              </tr>
            ) : (
              keyed(downloads, (d) => `${d.create_ts}|${d.ip}`).map(({ key, item: d }) => (
                <tr key={key}>
                  <td data-label="Date & Time" className="nowrap">
                    {/* A 12-hour time without AM/PM is ambiguous: the exact UTC time is one hover away. */}
                    <time dateTime={d.create_ts} title={d.create_ts}>
                      {formatEst(d.create_ts)}
                    </time>
                  </td>
                  <td data-label="IP" className="nowrap">
                    {orDash(d.ip)}
                  </td>
                  <td data-label="Timezone">{orDash(d.timezone)}</td>
                  <td data-label="Browser">{orDash(d.browser)}</td>
                  <td data-label="OS">{orDash(d.os)}</td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </ScrollRegion>
      <div className="card-body border-top">
        {/* an erasure starts the form afresh, so it no longer holds the erased address */}
        <SendMailForm key={props.order.data_removal.personal_erased_at ?? ''} {...props} />
      </div>
    </DetailSection>
  );
}
