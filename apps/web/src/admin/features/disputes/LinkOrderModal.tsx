import { type DisputeRecord, orderIdSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AppModal } from '../../../components/AppModal.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { refusalOf, shownRefusal } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateDisputeMutation } from './api.ts';
import { DisputeCandidates } from './DisputeCandidates.tsx';
import { disputeName } from './DisputeCard.tsx';
import { ProcessorSent } from './disputeColumns.tsx';
import { DISPUTE_TEXT } from './texts.ts';

const linkSchema = z.object({ orderId: orderIdSchema });
type LinkValues = z.input<typeof linkSchema>;

interface LinkOrderModalProps {
  /** the dispute to link; null: closed */
  dispute: DisputeRecord | null;
  onHide: () => void;
}

/**
 * Links an unmatched dispute to its order (PUT { orderId }): the order then moves to ChargeBack. The
 * server's refusal (no such order, 404; already linked or the order held by someone else, 409) shows
 * under the field, where the member is looking.
 */
export function LinkOrderModal({ dispute, onHide }: LinkOrderModalProps) {
  const [update, { isLoading }] = useUpdateDisputeMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<LinkValues, unknown, z.output<typeof linkSchema>>({ resolver: zodResolver(linkSchema) });
  useEffect(() => {
    if (dispute) reset({ orderId: '' });
  }, [dispute, reset]);

  const link = async (orderId: string) => {
    if (!dispute) return;
    try {
      notify(await update({ id: dispute.id, body: { orderId } }).unwrap());
    } catch (caught) {
      // the base query toasted the refusal; it is said under the field too (not a 401's: the sign-out's)
      const message = shownRefusal(refusalOf(caught));
      if (message !== null) setError('orderId', { message });
      return;
    }
    onHide();
  };
  const onSubmit = handleSubmit(({ orderId }) => link(orderId));

  return (
    <AppModal show={dispute !== null} onHide={onHide} size="lg" aria-labelledby="link-order-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="link-order-title" className="h5">
            {DISPUTE_TEXT.linkTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {dispute && (
            <div className="mb-3">
              <p className="fw-semibold mb-1">{disputeName(dispute)}</p>
              <ProcessorSent dispute={dispute} />
            </div>
          )}
          {dispute && (
            <DisputeCandidates disputeId={dispute.id} busy={isLoading} onLink={(orderId) => void link(orderId)} />
          )}
          <FormField id="link-order-id" label={DISPUTE_TEXT.orderId} error={errors.orderId?.message}>
            <Form.Control
              id="link-order-id"
              autoComplete="off"
              isInvalid={Boolean(errors.orderId)}
              {...register('orderId')}
            />
          </FormField>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {DISPUTE_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            {DISPUTE_TEXT.link}
          </Button>
        </Modal.Footer>
      </Form>
    </AppModal>
  );
}
