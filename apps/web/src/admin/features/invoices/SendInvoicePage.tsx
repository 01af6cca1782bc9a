import { SCREENS, type SendInvoiceInput, sendInvoiceSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type Resolver, useForm } from 'react-hook-form';
import { FormField } from '../../../components/FormField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useSendInvoiceMutation } from './api.ts';

type FormValues = { orderId: string };

/**
 * Send Invoice (SPEC §2 "a form with an order id", §5 messages, §8: status 1 a success toast, any
 * other status an error toast with the server's message). The invoice PDF goes to the applicant.
 */
export function SendInvoicePage() {
  const [sendInvoice, { isLoading }] = useSendInvoiceMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, SendInvoiceInput>({
    resolver: zodResolver(sendInvoiceSchema) as Resolver<FormValues, unknown, SendInvoiceInput>,
    defaultValues: { orderId: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      notify(await sendInvoice(values).unwrap());
      reset({ orderId: '' });
    } catch (caught) {
      // the base query toasted the refusal; its field message goes under the field too
      const message = fieldErrors(refusalOf(caught)).orderId;
      if (message) setError('orderId', { message });
    }
  });

  return (
    <>
      <PageHeader title={SCREENS.sendInvoice.title} />
      <Card className="shadow-sm border-0 narrow-card">
        <Card.Body>
          <p className="text-secondary small">
            The invoice is made as a PDF and emailed to the applicant of the order. Sending again for the same order
            mails the same invoice.
          </p>
          <Form noValidate onSubmit={onSubmit}>
            <FormField id="invoice-order-id" label="Order Id" error={errors.orderId?.message}>
              <Form.Control
                id="invoice-order-id"
                autoComplete="off"
                placeholder="e.g. UKETA-12345678"
                isInvalid={!!errors.orderId}
                {...register('orderId')}
              />
            </FormField>
            <Button type="submit" variant="primary" disabled={isLoading}>
              Send Invoice
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}
