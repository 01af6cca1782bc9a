import { MSG, REMARK_MAX } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import { useMentionBox } from '../notifications/index.ts';
import { useAddRemarkMutation } from './api.ts';

/** SPEC §2 checkboxes, in order, with the remark payload field each one sets (SPEC §3). */
const FLAGS = [
  ['whatsapp', 'Whatsapp'],
  ['telephone', 'Telephone'],
  ['statusRefund', 'Refund'],
  ['voided', 'Voided'],
  ['chargeBack', 'Chargeback'],
] as const;
type FlagName = (typeof FLAGS)[number][0];

const remarkForm = z.object({
  remark: z.string().trim().min(1, { error: MSG.remarkRequired }).max(REMARK_MAX),
  whatsapp: z.boolean(),
  telephone: z.boolean(),
  statusRefund: z.boolean(),
  voided: z.boolean(),
  chargeBack: z.boolean(),
});
type RemarkValues = z.infer<typeof remarkForm>;

const EMPTY: RemarkValues = {
  remark: '',
  whatsapp: false,
  telephone: false,
  statusRefund: false,
  voided: false,
  chargeBack: false,
};

/**
 * The remark form of the side panel 'Add Comment Below' (SPEC §2); flags are 'Y' when ticked. `locked`
 * only when the hold stops this member leaving a note (DESIGN §23: on an order someone else holds, a
 * remark is a note every staff type may leave). `@` and a name mention a colleague, who is notified.
 */
export function CommentPanel({ orderId, locked }: { orderId: string; locked: boolean }) {
  const remarkerName = useAppSelector(selectUser)?.name ?? '';
  const [addRemark, state] = useAddRemarkMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<RemarkValues>({ resolver: zodResolver(remarkForm), defaultValues: EMPTY });
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const mentions = useMentionBox((text, caret) => {
    setValue('remark', text, { shouldDirty: true });
    const element = textarea.current;
    if (element) {
      element.focus();
      element.setSelectionRange(caret, caret);
    }
  });
  const { ref: remarkRef, onChange: remarkChange, ...remarkField } = register('remark');

  const onSubmit = handleSubmit(async (values) => {
    const flag = (name: FlagName) => (values[name] ? 'Y' : 'N');
    const adding = addRemark({
      orderId,
      remark: values.remark,
      remarkerName,
      whatsapp: flag('whatsapp'),
      telephone: flag('telephone'),
      statusRefund: flag('statusRefund'),
      voided: flag('voided'),
      chargeBack: flag('chargeBack'),
    });
    try {
      notify(await adding.unwrap());
    } catch (caught) {
      // the base query toasted the refusal; its field message goes under the field too
      const remarkError = fieldErrors(refusalOf(caught)).remark;
      if (remarkError) setError('remark', { message: remarkError });
      return;
    }
    reset(EMPTY);
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <fieldset disabled={locked}>
        <FormField id="remark-text" label="Remark" error={errors.remark?.message}>
          <div className="mention-box">
            <Form.Control
              id="remark-text"
              as="textarea"
              rows={4}
              isInvalid={!!errors.remark}
              {...remarkField}
              {...mentions.inputProps}
              ref={(element: HTMLTextAreaElement | null) => {
                remarkRef(element);
                textarea.current = element;
                mentions.ref(element);
              }}
              onChange={(event) => {
                void remarkChange(event);
                mentions.update(event.currentTarget as HTMLTextAreaElement);
              }}
              onClick={(event) => mentions.update(event.currentTarget as HTMLTextAreaElement)}
              onKeyDown={mentions.onKeyDown}
            />
            {mentions.list}
          </div>
        </FormField>
        <div className="remark-flags mb-3">
          {FLAGS.map(([name, label]) => (
            <Form.Check key={name} id={`remark-${name}`} type="checkbox" label={label} {...register(name)} />
          ))}
        </div>
        <Button type="submit" variant="primary" className="w-100" disabled={state.isLoading}>
          Save Comment
        </Button>
      </fieldset>
    </Form>
  );
}
