import {
  DISPUTE_PROCESSORS,
  DISPUTE_STAGES,
  disputeLabel,
  type OrderDetail,
  paymentProcessorOf,
  REASON_CATEGORIES,
} from '@eta/shared';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { AppModal } from '../../../components/AppModal.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useOpenDisputeMutation } from './api.ts';
import { DisputeOptions } from './DisputeOptions.tsx';
import {
  estimateText,
  knownCategory,
  type OpenDisputeBody,
  type OpenDisputeValues,
  openDisputeDefaults,
  openDisputeResolver,
  otherProcessorChosen,
  todayUtc,
} from './openDisputeForm.ts';
import { ReasonCodeField } from './ReasonCodeField.tsx';
import { DISPUTE_TEXT } from './texts.ts';

interface OpenDisputeModalProps {
  show: boolean;
  order: Pick<OrderDetail, 'order_id' | 'amount' | 'currency'> & {
    purchase: Pick<OrderDetail['purchase'], 'payment_processor' | 'gateway_name'>;
  };
  onHide: () => void;
}

const FIELDS = Object.keys(openDisputeDefaults({ order_id: '', amount: null, currency: null, paidThrough: null }));

/**
 * "Open dispute" on the order detail (DESIGN §14): the shared schema checks the form before it is
 * sent, the server's message is the toast, and the order's detail reloads (it is now in ChargeBack).
 */
export function OpenDisputeModal({ show, order, onHide }: OpenDisputeModalProps) {
  const [open, { isLoading }] = useOpenDisputeMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<OpenDisputeValues, unknown, OpenDisputeBody>({ resolver: openDisputeResolver });

  // Each opening starts from the order as it is now (its amount may have been corrected meanwhile);
  // a reload of the detail while the form is open (the mail poll) must not wipe what is typed.
  const { order_id, amount, currency } = order;
  const paidThrough = paymentProcessorOf(order.purchase);
  // 'Other' says nothing to the member: a gateway outside the list is named as the order names it
  const paidName =
    paidThrough === 'other'
      ? (order.purchase.gateway_name ?? disputeLabel(paidThrough))
      : disputeLabel(paidThrough ?? 'other');
  useEffect(() => {
    if (show) reset(openDisputeDefaults({ order_id, amount, currency, paidThrough }));
  }, [show, order_id, amount, currency, paidThrough, reset]);

  const reasonCode = watch('reasonCode') ?? '';
  const processor = watch('processor') ?? '';
  const confirming = paidThrough !== null && otherProcessorChosen({ processor, paidThrough });
  const respondBy = watch('respondBy') ?? '';
  const estimate = respondBy ? null : estimateText(reasonCode, watch('openedAt') || todayUtc());
  // A confirmation is for the processor it names: another choice asks again.
  const processorField = register('processor', { onChange: () => setValue('confirmProcessor', false) });
  const reason = register('reasonCode', {
    // A known code names its category: prefilled, and still the member's to change.
    onChange: (event: { target: { value: string } }) => {
      const category = knownCategory(event.target.value);
      if (category) setValue('reasonCategory', category);
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      notify(await open(body).unwrap());
    } catch (caught) {
      // the base query toasted the refusal; its field messages go under their fields too
      for (const [field, message] of Object.entries(fieldErrors(refusalOf(caught)))) {
        if (FIELDS.includes(field)) setError(field as keyof OpenDisputeValues, { message });
      }
      return;
    }
    onHide();
  });

  const control = (field: keyof OpenDisputeValues, id: string) => ({
    id,
    isInvalid: Boolean(errors[field]),
    ...register(field),
  });

  return (
    <AppModal show={show} onHide={onHide} aria-labelledby="open-dispute-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="open-dispute-title" className="h5">
            {DISPUTE_TEXT.openDispute} · {order.order_id}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row xs={1} md={2} lg={3} className="gx-3">
            <Col>
              <FormField id="dispute-processor" label={DISPUTE_TEXT.processor} error={errors.processor?.message}>
                <Form.Select id="dispute-processor" isInvalid={Boolean(errors.processor)} {...processorField}>
                  <DisputeOptions values={DISPUTE_PROCESSORS} empty={DISPUTE_TEXT.chooseProcessor} />
                </Form.Select>
              </FormField>
            </Col>
            <Col>
              <FormField id="dispute-id" label={DISPUTE_TEXT.disputeId} error={errors.processorDisputeId?.message}>
                <Form.Control autoComplete="off" {...control('processorDisputeId', 'dispute-id')} />
              </FormField>
            </Col>
            <Col>
              <ReasonCodeField
                id="dispute-reason-code"
                value={reasonCode}
                error={errors.reasonCode?.message}
                input={reason}
              />
            </Col>
            <Col>
              <FormField id="dispute-category" label={DISPUTE_TEXT.category} error={errors.reasonCategory?.message}>
                <Form.Select {...control('reasonCategory', 'dispute-category')}>
                  <DisputeOptions values={REASON_CATEGORIES} empty={DISPUTE_TEXT.chooseCategory} />
                </Form.Select>
              </FormField>
            </Col>
            <Col>
              <div className="d-flex gap-2">
                <div className="flex-grow-1">
                  <FormField id="dispute-amount" label={DISPUTE_TEXT.amount} error={errors.amount?.message}>
                    <Form.Control inputMode="decimal" autoComplete="off" {...control('amount', 'dispute-amount')} />
                  </FormField>
                </div>
                <div className="dispute-currency">
                  <FormField id="dispute-currency" label={DISPUTE_TEXT.currency} error={errors.currency?.message}>
                    <Form.Control autoComplete="off" maxLength={3} {...control('currency', 'dispute-currency')} />
                  </FormField>
                </div>
              </div>
            </Col>
            <Col>
              <FormField id="dispute-stage" label={DISPUTE_TEXT.stage} error={errors.stage?.message}>
                <Form.Select {...control('stage', 'dispute-stage')}>
                  <DisputeOptions values={DISPUTE_STAGES} />
                </Form.Select>
              </FormField>
            </Col>
            <Col>
              <FormField id="dispute-opened" label={DISPUTE_TEXT.opened} error={errors.openedAt?.message}>
                <Form.Control type="date" {...control('openedAt', 'dispute-opened')} />
              </FormField>
            </Col>
            <Col>
              <FormField
                id="dispute-respond-by"
                label={DISPUTE_TEXT.respondBy}
                error={errors.respondBy?.message}
                hint={estimate ?? undefined}
              >
                <Form.Control type="date" {...control('respondBy', 'dispute-respond-by')} />
              </FormField>
            </Col>
          </Row>
          {confirming && (
            <Alert variant="warning" className="mb-0">
              <p className="mb-2">{DISPUTE_TEXT.otherProcessor(paidName, disputeLabel(processor))}</p>
              <Form.Check
                id="dispute-confirm-processor"
                type="checkbox"
                label={DISPUTE_TEXT.confirmProcessor(disputeLabel(processor), paidName)}
                isInvalid={Boolean(errors.confirmProcessor)}
                aria-invalid={Boolean(errors.confirmProcessor) || undefined}
                aria-describedby={errors.confirmProcessor ? 'dispute-confirm-processor-error' : undefined}
                {...register('confirmProcessor')}
              />
              {errors.confirmProcessor && (
                <div className="invalid-feedback d-block" id="dispute-confirm-processor-error">
                  {errors.confirmProcessor.message}
                </div>
              )}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {DISPUTE_TEXT.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={isLoading}>
            {isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            {DISPUTE_TEXT.openDispute}
          </Button>
        </Modal.Footer>
      </Form>
    </AppModal>
  );
}
