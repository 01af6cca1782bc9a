import { formatMoney } from '@eta/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type ApiError, shownRefusal } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateRefundMutation } from './api.ts';
import { REFUNDS_TEXT } from './texts.ts';

/**
 * Part of what remains, refunded through Stripe (DESIGN §26 `POST /orders/{orderId}/refunds`): the
 * amount in the order's own currency units, as at ingestion. The server weighs it against what
 * remains with the order locked and says why it refuses (more than remains, the order held).
 */
export function RefundPart(props: { orderId: string; remainingMinor: number; currency: string; locked: boolean }) {
  const { orderId, remainingMinor, currency, locked } = props;
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [create, creating] = useCreateRefundMutation();
  const id = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const result = await create({ orderId, amount: amount.trim() });
    if ('error' in result) setRefusal(shownRefusal(result.error as ApiError));
    else {
      setAmount('');
      if (result.data) notify(result.data);
    }
  };

  return (
    <Form className="px-3 py-2 border-top" onSubmit={(event) => void submit(event)} noValidate>
      <Form.Label htmlFor={id} className="small mb-1">
        {REFUNDS_TEXT.partLabel(currency.toUpperCase())}
      </Form.Label>
      <div className="d-flex gap-2 align-items-start">
        <Form.Control
          id={id}
          size="sm"
          className="w-auto"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          isInvalid={refusal !== null}
          aria-describedby={`${id}-help`}
          disabled={locked}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          variant="outline-primary"
          disabled={locked || creating.isLoading || !amount.trim()}
        >
          {REFUNDS_TEXT.partSubmit}
        </Button>
      </div>
      {refusal && <div className="small text-danger mt-1">{refusal}</div>}
      <Form.Text id={`${id}-help`} className="small">
        {REFUNDS_TEXT.partHelp(formatMoney(remainingMinor, currency))}
      </Form.Text>
    </Form>
  );
}
