import {
  DOCUMENT_ACCEPT,
  FLOW_MSG,
  isRejectedDocument,
  MAIL_PROVIDERS,
  type MailProvider,
  MSG,
  type OrderDetail,
  PRIVACY_MSG,
} from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import SplitButton from 'react-bootstrap/SplitButton';
import { type Resolver, useForm } from 'react-hook-form';
import { ConfirmModal } from '../../../../components/ConfirmModal.tsx';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { fieldErrors } from '../../../../lib/api.ts';
import { type ApiError, isUnauthorized } from '../../../../lib/apiError.ts';
import { ORDER_TEXT, providerLabel } from '../texts.ts';
import { type DocumentFormValues, resendForm, SERVER_FIELD, uploadForm } from '../uploadSchema.ts';
import type { useDocumentActions } from '../useDocumentActions.ts';
import { CurrentDocument } from './CurrentDocument.tsx';
import { ProviderPicker } from './ProviderPicker.tsx';

/** `complete`: Upload & complete (DESIGN §23), the upload's rules and the move to Completed */
type Intent = 'upload' | 'complete' | 'resend';

interface UploadDocumentProps {
  order: OrderDetail;
  provider: MailProvider;
  onProvider: (provider: MailProvider) => void;
  actions: ReturnType<typeof useDocumentActions>;
  /** the hold rule stops this member writing to the order (DESIGN §6) */
  locked: boolean;
  /** the move to Completed is allowed from here: Upload & complete is offered */
  canComplete: boolean;
  /** after an Upload & complete went through (the detail opens the next order) */
  onCompleted: () => void;
}

/** Section 2 of SPEC §2: upload the approved eTA and mail it, send it again, or reject the applicant. */
export function UploadDocument({
  order,
  provider,
  onProvider,
  actions,
  locked,
  canComplete,
  onCompleted,
}: UploadDocumentProps) {
  const intent = useRef<Intent>('upload');
  const [confirmReject, setConfirmReject] = useState(false);
  // Upload needs the file, resend only the address: the button pressed picks the rules.
  const resolver: Resolver<DocumentFormValues> = (values, context, options) =>
    (zodResolver(intent.current === 'resend' ? resendForm : uploadForm) as Resolver<DocumentFormValues>)(
      values,
      context,
      options,
    );
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    resetField,
    getValues,
    formState: { errors },
  } = useForm<DocumentFormValues>({
    resolver,
    defaultValues: { email: order.contact_email_address ?? '', file: undefined },
  });

  // DESIGN §22: an erased order refuses every mail, so nothing here can be sent
  const erased = order.data_removal.personal_erased_at !== null;
  const latest = order.uploadDoc[0] ?? null;
  const canResend = latest !== null && !isRejectedDocument(latest);
  const resendHint = latest === null ? ORDER_TEXT.resendNeedsDocument : ORDER_TEXT.resendRejected;
  const busy = actions.uploading || actions.resending || actions.rejecting;

  /** Field errors go under their fields; any other refusal under the buttons (SPEC §5 red text). */
  const showRefusal = (refusal: ApiError | undefined) => {
    if (!refusal || isUnauthorized(refusal)) return;
    const errorsByField = fieldErrors(refusal);
    let placed = false;
    for (const [field, message] of Object.entries(errorsByField)) {
      const own = SERVER_FIELD[field];
      if (own) {
        setError(own, { message });
        placed = true;
      }
    }
    if (!placed) setError('root.server', { message: refusal.message });
  };

  /** The named buttons set the provider, then send with it (SPEC §4). */
  const send = (what: Intent, chosen: MailProvider) => {
    intent.current = what;
    if (chosen !== provider) onProvider(chosen);
    clearErrors();
    void handleSubmit(async ({ email, file }) => {
      const picked = file?.item(0);
      if (what !== 'resend' && picked) {
        const refusal = await actions.upload(email.trim(), picked, chosen, what === 'complete');
        if (!refusal) resetField('file');
        showRefusal(refusal);
        if (!refusal && what === 'complete') onCompleted();
      } else if (what === 'resend') {
        showRefusal(await actions.resend(email.trim(), chosen));
      }
    })();
  };

  const reject = async () => {
    const email = getValues('email').trim() || order.contact_email_address || '';
    if (await actions.reject(email)) setConfirmReject(false);
  };

  return (
    <DetailSection id="upload-document" title="Upload Document">
      {latest && <CurrentDocument doc={latest} />}
      {erased && <p className="text-secondary small">{PRIVACY_MSG.mailRefused} No mail can be sent for it.</p>}
      <Form noValidate onSubmit={(event) => event.preventDefault()}>
        <fieldset disabled={locked || erased}>
          <div className="upload-grid">
            <FormField id="upload-order-id" label="Order Id">
              <Form.Control id="upload-order-id" value={order.order_id} readOnly className="bg-body-tertiary" />
            </FormField>
            <FormField id="upload-email" label="Email" error={errors.email?.message}>
              <Form.Control id="upload-email" type="email" isInvalid={!!errors.email} {...register('email')} />
            </FormField>
            <FormField
              id="upload-file"
              label="Document"
              error={errors.file?.message}
              hint={ORDER_TEXT.uploadHint}
              className="upload-file-field"
            >
              <Form.Control
                id="upload-file"
                type="file"
                accept={DOCUMENT_ACCEPT}
                isInvalid={!!errors.file}
                {...register('file')}
              />
            </FormField>
            <ProviderPicker value={provider} onChange={onProvider} />
          </div>
          <div className="upload-actions">
            {canComplete && (
              <Button
                id="upload-complete-button"
                variant="success"
                disabled={busy}
                title={FLOW_MSG.uploadAndCompleteHint}
                onClick={() => send('complete', provider)}
              >
                {FLOW_MSG.uploadAndCompleteButton}
              </Button>
            )}
            <SplitButton
              id="upload-button"
              title="Upload"
              variant="primary"
              disabled={busy}
              toggleLabel="Upload with another provider"
              onClick={() => send('upload', provider)}
            >
              {MAIL_PROVIDERS.map((p) => (
                <Dropdown.Item key={p} as="button" type="button" onClick={() => send('upload', p)}>
                  Upload via {providerLabel(p)}
                </Dropdown.Item>
              ))}
            </SplitButton>
            <span title={canResend ? undefined : resendHint} className="d-inline-block">
              <SplitButton
                id="resend-button"
                title="Resend Mail"
                variant="outline-primary"
                disabled={busy || !canResend}
                toggleLabel="Resend with another provider"
                onClick={() => send('resend', provider)}
              >
                {MAIL_PROVIDERS.map((p) => (
                  <Dropdown.Item key={p} as="button" type="button" onClick={() => send('resend', p)}>
                    Resend via {providerLabel(p)}
                  </Dropdown.Item>
                ))}
              </SplitButton>
            </span>
            {/* SPEC §2: hidden when the document is already rejected (and when there is none to reject). */}
            {canResend && (
              <Button
                variant="outline-danger"
                className="ms-sm-auto"
                disabled={busy}
                title={ORDER_TEXT.rejectApplicantHint}
                onClick={() => setConfirmReject(true)}
              >
                Reject Applicant
              </Button>
            )}
          </div>
          {errors.root?.server && (
            <div className="text-danger small mt-2" role="alert">
              {errors.root.server.message}
            </div>
          )}
        </fieldset>
      </Form>
      <ConfirmModal
        show={confirmReject}
        message={MSG.confirmReject}
        detail={ORDER_TEXT.rejectApplicantHint}
        busy={actions.rejecting}
        onConfirm={reject}
        onCancel={() => setConfirmReject(false)}
      />
    </DetailSection>
  );
}
