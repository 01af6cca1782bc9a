import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useSendInvoiceMutation } from './api.ts';

/**
 * Send Invoice from the order itself (DESIGN §23): the order is the one on screen, so nothing is
 * typed; one confirmation, since the mail goes to the applicant. Manage Invoices keeps its form.
 */
export function SendInvoiceButton({ orderId, email }: { orderId: string; email: string | null }) {
  const [asking, setAsking] = useState(false);
  const [sendInvoice, { isLoading }] = useSendInvoiceMutation();
  const send = async () => {
    const reply = await sendInvoice({ orderId }).unwrap().catch(refused);
    setAsking(false);
    if (reply) notify(reply);
  };
  return (
    <>
      <Button variant="outline-primary" disabled={isLoading} onClick={() => setAsking(true)}>
        Send Invoice
      </Button>
      <ConfirmModal
        show={asking}
        message="Send the invoice of this order to the applicant?"
        detail={email ? `Order ${orderId}, to ${email}.` : `Order ${orderId}.`}
        confirmLabel="Send Invoice"
        variant="primary"
        busy={isLoading}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
