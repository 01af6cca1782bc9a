import type { MailProvider, OrderDetail } from '@eta/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { isApiError } from '../../../../lib/apiError.ts';
import {
  INBOX_TEXT,
  offeredTemplates,
  useGetMailTemplatesQuery,
  useSendCustomerMailMutation,
} from '../../inbox/index.ts';
import { ProviderPicker } from './ProviderPicker.tsx';

interface WriteToCustomerProps {
  order: OrderDetail;
  provider: MailProvider;
  onProvider: (provider: MailProvider) => void;
  locked: boolean;
}

/**
 * DESIGN §25: a mail to the customer, from a template or typed; the server fills the variables.
 * Closed to one button until wanted: open, the form would push the order's details below the first
 * screen on every visit, while most visits write nothing.
 */
export function WriteToCustomer(props: WriteToCustomerProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // focus goes back where it came from, not to the top of the page (WCAG 2.4.3)
    requestAnimationFrame(() => opener.current?.focus());
  };
  if (!open) {
    return (
      <Button
        ref={opener}
        variant="outline-primary"
        className="mt-3"
        aria-expanded={false}
        aria-controls="write-to-customer"
        disabled={props.locked}
        onClick={() => setOpen(true)}
      >
        {INBOX_TEXT.write}
      </Button>
    );
  }
  return <WriteToCustomerForm {...props} onClose={close} />;
}

function WriteToCustomerForm({
  order,
  provider,
  onProvider,
  locked,
  onClose,
}: WriteToCustomerProps & { onClose: () => void }) {
  const templates = useGetMailTemplatesQuery();
  const offered = offeredTemplates(templates.data?.data ?? [], order.process_status);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, sending] = useSendCustomerMailMutation();
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  const pick = (value: string) => {
    const chosen = offered.find((t) => t.id === Number(value)) ?? null;
    setTemplateId(chosen?.id ?? null);
    // the template's text is a starting point: the member edits it before sending
    if (chosen) {
      setSubject(chosen.subject);
      setBody(chosen.body);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const reply = await send({
        orderId: order.order_id,
        templateId,
        subject,
        body,
        mailServiceProvider: provider,
      }).unwrap();
      toast.success(reply.message);
      onClose();
    } catch (refusal) {
      setError(isApiError(refusal) ? refusal.message : String(refusal));
    }
  };

  return (
    <Form
      id="write-to-customer"
      className="write-to-customer"
      onSubmit={submit}
      aria-labelledby="write-to-customer-title"
    >
      <h3 id="write-to-customer-title" className="h6 mt-3">
        {INBOX_TEXT.write}
      </h3>
      <fieldset disabled={locked || sending.isLoading}>
        <Form.Group className="mb-2" controlId="customer-mail-template">
          <Form.Label>{INBOX_TEXT.template}</Form.Label>
          <Form.Select ref={first} value={templateId ?? ''} onChange={(e) => pick(e.target.value)}>
            <option value="">{INBOX_TEXT.noTemplate}</option>
            {offered.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-2" controlId="customer-mail-subject">
          <Form.Label>{INBOX_TEXT.subject}</Form.Label>
          <Form.Control value={subject} maxLength={300} onChange={(e) => setSubject(e.target.value)} />
        </Form.Group>
        <Form.Group className="mb-2" controlId="customer-mail-body">
          <Form.Label>{INBOX_TEXT.body}</Form.Label>
          <Form.Control as="textarea" rows={6} value={body} onChange={(e) => setBody(e.target.value)} />
          <Form.Text>{INBOX_TEXT.variablesHint}</Form.Text>
        </Form.Group>
        <ProviderPicker value={provider} onChange={onProvider} disabled={locked} name="customer-mail-provider" />
        {error && (
          <Alert variant="danger" className="mt-2 mb-0" role="alert">
            {error}
          </Alert>
        )}
        <div className="d-flex gap-2 mt-2">
          <Button type="submit">{sending.isLoading ? INBOX_TEXT.sending : INBOX_TEXT.send}</Button>
          <Button variant="outline-secondary" onClick={onClose}>
            {INBOX_TEXT.cancel}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
