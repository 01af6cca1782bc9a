import { type TransactionDetailsInput, transactionDetailsSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AppModal } from '../../../components/AppModal.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { useSaveTransactionDetailsMutation } from './api.ts';
import { DEFENCE_TEXT } from './texts.ts';

type FormValues = { transactionId: string; merchantName: string; orderId: string };
const FIELDS = ['transactionId', 'merchantName', 'orderId'] as const;

export interface TransactionOrder {
  order_id: string;
  transaction_id: string | null;
  merchant_name: string | null;
}

interface TransactionDetailsModalProps {
  show: boolean;
  order: TransactionOrder;
  onHide: () => void;
  /** the order is reloaded after a save (SPEC §8) */
  onSaved: () => void;
}

/**
 * Enter Transaction Details (SPEC §2, §3, §5): Transaction ID and Merchant Name for the order, whose
 * id is shown read-only. SPEC §8: status 1 shows the message and reloads the order; else nothing more.
 */
export function TransactionDetailsModal({ show, order, onHide, onSaved }: TransactionDetailsModalProps) {
  const [save, { isLoading }] = useSaveTransactionDetailsMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, TransactionDetailsInput>({
    resolver: zodResolver(transactionDetailsSchema) as Resolver<FormValues, unknown, TransactionDetailsInput>,
  });

  useEffect(() => {
    if (show) {
      reset({
        transactionId: order.transaction_id ?? '',
        merchantName: order.merchant_name ?? '',
        orderId: order.order_id,
      });
    }
  }, [show, order.order_id, order.transaction_id, order.merchant_name, reset]);

  const onSubmit = handleSubmit(async (values) => {
    let message: string;
    try {
      message = (await save(values).unwrap()).message;
    } catch (caught) {
      for (const [field, text] of Object.entries(fieldErrors(refusalOf(caught)))) {
        if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof FormValues, { message: text });
      }
      return;
    }
    toast.success(message);
    onHide();
    onSaved();
  });

  return (
    <AppModal show={show} onHide={onHide} aria-labelledby="transaction-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="transaction-title" className="h5">
            {DEFENCE_TEXT.transactionTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormField id="transaction-id" label={DEFENCE_TEXT.transactionId} error={errors.transactionId?.message}>
            <Form.Control
              id="transaction-id"
              autoComplete="off"
              isInvalid={!!errors.transactionId}
              {...register('transactionId')}
            />
          </FormField>
          <FormField id="merchant-name" label={DEFENCE_TEXT.merchantName} error={errors.merchantName?.message}>
            <Form.Control
              id="merchant-name"
              autoComplete="off"
              isInvalid={!!errors.merchantName}
              {...register('merchantName')}
            />
          </FormField>
          <FormField id="transaction-order-id" label={DEFENCE_TEXT.orderId} error={errors.orderId?.message}>
            <Form.Control id="transaction-order-id" readOnly plaintext {...register('orderId')} />
          </FormField>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {DEFENCE_TEXT.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={isLoading}>
            {DEFENCE_TEXT.save}
          </Button>
        </Modal.Footer>
      </Form>
    </AppModal>
  );
}
