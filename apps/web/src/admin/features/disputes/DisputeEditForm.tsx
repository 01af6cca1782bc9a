import { DISPUTE_STAGES, DISPUTE_STATES, type DisputeRecord } from '@eta/shared';
import { useEffect, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateDisputeMutation } from './api.ts';
import { DisputeOptions } from './DisputeOptions.tsx';
import { todayUtc } from './openDisputeForm.ts';
import { DISPUTE_TEXT } from './texts.ts';
import {
  toUpdateDisputeBody,
  type UpdateDisputeBody,
  type UpdateDisputeValues,
  updateDisputeDefaults,
  updateDisputeResolver,
} from './updateDisputeForm.ts';

interface DisputeEditFormProps {
  dispute: DisputeRecord;
  /** after a save the server accepted, or Cancel */
  onDone: () => void;
}

const FIELDS: readonly string[] = ['stage', 'state', 'respondBy', 'evidenceSubmittedAt', 'note'];

/** Stage, state, deadline, evidence date and note of one dispute (PUT, only what changed). */
export function DisputeEditForm({ dispute, onDone }: DisputeEditFormProps) {
  const [update, { isLoading }] = useUpdateDisputeMutation();
  // The detail is read again on its own (the mail poll, a Refresh); RTK Query keeps an unchanged
  // dispute the same object, so only a real change to it resets what the member is typing.
  const before = useMemo(() => updateDisputeDefaults(dispute), [dispute]);
  const resolver = useMemo(() => updateDisputeResolver(before), [before]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<UpdateDisputeValues, unknown, UpdateDisputeBody>({ resolver, defaultValues: before });
  useEffect(() => reset(before), [before, reset]);
  const changed = Object.keys(toUpdateDisputeBody(watch(), before)).length > 0;

  const onSubmit = handleSubmit(async (body) => {
    try {
      notify(await update({ id: dispute.id, body }).unwrap());
    } catch (caught) {
      // the base query toasted the refusal; its field messages go under their fields too
      for (const [field, message] of Object.entries(fieldErrors(refusalOf(caught)))) {
        if (FIELDS.includes(field)) setError(field as keyof UpdateDisputeValues, { message });
      }
      return;
    }
    onDone();
  });

  const id = (field: string) => `dispute-${dispute.id}-${field}`;
  const control = (field: keyof UpdateDisputeValues) => ({
    id: id(field),
    isInvalid: Boolean(errors[field]),
    ...register(field),
  });

  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="dispute-edit"
      aria-label={`${DISPUTE_TEXT.change} ${dispute.processor_dispute_id}`}
    >
      <div className="dispute-edit-grid">
        <FormField id={id('stage')} label={DISPUTE_TEXT.stage} error={errors.stage?.message}>
          <Form.Select size="sm" {...control('stage')}>
            <DisputeOptions values={DISPUTE_STAGES} />
          </Form.Select>
        </FormField>
        <FormField id={id('state')} label={DISPUTE_TEXT.state} error={errors.state?.message}>
          <Form.Select size="sm" {...control('state')}>
            <DisputeOptions values={DISPUTE_STATES} />
          </Form.Select>
        </FormField>
        <FormField
          id={id('respondBy')}
          label={DISPUTE_TEXT.respondBy}
          error={errors.respondBy?.message}
          hint={DISPUTE_TEXT.respondByClearHint}
        >
          <Form.Control size="sm" type="date" {...control('respondBy')} />
        </FormField>
        <FormField
          id={id('evidenceSubmittedAt')}
          label={DISPUTE_TEXT.evidenceSubmitted}
          error={errors.evidenceSubmittedAt?.message}
          hint={DISPUTE_TEXT.evidenceHint}
        >
          <div className="d-flex gap-2">
            <Form.Control size="sm" type="date" {...control('evidenceSubmittedAt')} />
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={DISPUTE_TEXT.evidenceToday}
              onClick={() => setValue('evidenceSubmittedAt', todayUtc(), { shouldDirty: true })}
            >
              {DISPUTE_TEXT.today}
            </Button>
          </div>
        </FormField>
      </div>
      <FormField id={id('note')} label={DISPUTE_TEXT.note} error={errors.note?.message}>
        <Form.Control size="sm" as="textarea" rows={2} maxLength={2000} {...control('note')} />
      </FormField>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button type="submit" size="sm" disabled={isLoading || !changed}>
          {isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          {DISPUTE_TEXT.save}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          {DISPUTE_TEXT.cancel}
        </Button>
        {!changed && <span className="small text-secondary">{DISPUTE_TEXT.nothingChanged}</span>}
      </div>
    </Form>
  );
}
