import { formatUtcDateTime, type InboundItem, ORDER_ID_PATTERN, SCREENS } from '@eta/shared';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { isApiError } from '../../../lib/apiError.ts';
import { useGetInboundMailQuery, useLinkInboundMailMutation } from './api.ts';
import { INBOUND_KIND_WORD, INBOX_TEXT } from './texts.ts';

/** a page of mails, each with its text and a form: a longer page is a long scroll */
const PAGE_SIZE = 25;

/** One unmatched mail, with the form that links it to an order by its id. */
function UnmatchedMail({ mail }: { mail: InboundItem }) {
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [link, linking] = useLinkInboundMailMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const reply = await link({ id: mail.id, orderId: orderId.trim() }).unwrap();
      toast.success(reply.message);
    } catch (refusal) {
      setError(isApiError(refusal) ? refusal.message : String(refusal));
    }
  };
  return (
    <Card as="li" body className="shadow-sm border-0 mb-2" data-testid="unmatched-mail">
      <div className="fw-semibold text-break">{mail.subject}</div>
      <div className="small text-secondary text-break">
        {mail.from} → {mail.to} · {formatUtcDateTime(mail.received_at)} · {INBOUND_KIND_WORD[mail.kind]}
      </div>
      <pre className="conversation-text">{mail.text}</pre>
      <Form className="d-flex gap-2 flex-wrap align-items-end mt-2" onSubmit={submit}>
        <Form.Group controlId={`link-order-${mail.id}`}>
          <Form.Label className="small mb-0">{INBOX_TEXT.linkTo}</Form.Label>
          <Form.Control size="sm" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
        </Form.Group>
        <Button size="sm" type="submit" disabled={linking.isLoading || !ORDER_ID_PATTERN.test(orderId.trim())}>
          {INBOX_TEXT.link}
        </Button>
      </Form>
      {error && (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          {error}
        </Alert>
      )}
    </Card>
  );
}

/** DESIGN §25: mail read from the mailbox that found no order, newest first, for a member to link. */
export function UnmatchedMailPage() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PAGE_SIZE);
  const list = useGetInboundMailQuery({ unmatched: '1', page, limit: perPage });
  const mails = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader title={SCREENS.unmatchedMail.title} />
      {list.isLoading ? (
        <Loading />
      ) : mails.length === 0 ? (
        <p className="text-secondary">{INBOX_TEXT.noUnmatched}</p>
      ) : (
        <ul className="list-unstyled">
          {mails.map((mail) => (
            <UnmatchedMail key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
      {/* every unmatched mail is reachable, however many: a page at a time, newest first */}
      <Pagination
        page={page}
        rowsPerPage={perPage}
        perPage={perPage}
        total={total}
        allowAll={false}
        onPage={setPage}
        onPerPage={(size) => {
          setPerPage(typeof size === 'number' ? size : PAGE_SIZE);
          setPage(1);
        }}
      />
    </>
  );
}
