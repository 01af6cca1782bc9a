import { ACCOUNT_MSG, type AccountRecord, type TwoFactorSetup, totpCodeSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf, refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { markEnrolmentRequired } from '../../../lib/session.ts';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
  useSetupTwoFactorMutation,
} from './api.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';

type CodeForm = { code: string };

/** A six-digit code field with the server's message under it. */
function CodeField({ id, form }: { id: string; form: ReturnType<typeof useForm<CodeForm>> }) {
  const error = form.formState.errors.code?.message;
  return (
    <FormField id={id} label="Code from the app" error={error}>
      <Form.Control
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        className="account-code"
        isInvalid={!!error}
        {...form.register('code')}
      />
    </FormField>
  );
}

/**
 * Two-factor sign-in on the Account page (DESIGN §17): set up with a QR code (and the secret for
 * typing in), proved with a first code, then ten recovery codes shown once; turned off with a code
 * unless the account type requires it.
 */
export function TwoFactorCard({ account, email }: { account: AccountRecord['twoFactor']; email: string }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [startSetup, starting] = useSetupTwoFactorMutation();
  const [enable, enabling] = useEnableTwoFactorMutation();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const [renew, renewing] = useRenewRecoveryCodesMutation();
  const form = useForm<CodeForm>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  /** A refused code is shown under the field, not toasted (these endpoints are `inline`). */
  const showRefusal = (caught: unknown) => {
    const error = refusalOf(caught);
    form.setError('code', { message: fieldErrors(error).code ?? error.message });
    return undefined;
  };

  const onEnable = form.handleSubmit(async (body) => {
    const envelope = await enable(body).unwrap().catch(showRefusal);
    if (!envelope?.data) return;
    notify(envelope);
    markEnrolmentRequired(false);
    setCodes(envelope.data.recoveryCodes);
    setSetup(null);
    form.reset();
  });
  const onDisable = form.handleSubmit(async (body) => {
    const envelope = await disable(body).unwrap().catch(showRefusal);
    if (!envelope) return;
    notify(envelope);
    setTurningOff(false);
    form.reset();
  });

  /** Ten new codes, the old ones void (DESIGN §22: the server asks to confirm it is you first). */
  const onRenew = async () => {
    const envelope = await renew().unwrap().catch(refused);
    if (!envelope || !notify(envelope) || !envelope.data) return;
    setCodes(envelope.data.recoveryCodes);
  };

  return (
    <Card className="shadow-sm border-0 mb-4">
      <Card.Body>
        <h2 className="h5">Two-factor sign-in</h2>
        {codes ? (
          <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />
        ) : account.enabled ? (
          <>
            <p className="mb-2">
              <span className="badge text-bg-success me-2">On</span>
              Signing in asks for a code from your authenticator app. Recovery codes left:{' '}
              <strong>{account.recoveryCodesLeft}</strong>.{' '}
              <Button
                variant="link"
                size="sm"
                className="p-0 align-baseline"
                disabled={renewing.isLoading}
                onClick={onRenew}
              >
                New recovery codes
              </Button>
            </p>
            {account.required ? (
              <p className="text-secondary small mb-0">{ACCOUNT_MSG.twoFactorStillRequired}</p>
            ) : turningOff ? (
              <Form noValidate onSubmit={onDisable} className="narrow-form">
                <CodeField id="disable-code" form={form} />
                <Button type="submit" variant="danger" className="me-2" disabled={disabling.isLoading}>
                  Turn off
                </Button>
                <Button variant="outline-secondary" onClick={() => setTurningOff(false)}>
                  Cancel
                </Button>
              </Form>
            ) : (
              <Button variant="outline-danger" onClick={() => setTurningOff(true)}>
                Turn off two-factor sign-in
              </Button>
            )}
          </>
        ) : setup ? (
          <div className="account-setup">
            <ol className="ps-3">
              <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
              <li>Scan this QR code, or type the key below.</li>
              <li>Enter the six-digit code the app shows.</li>
            </ol>
            <div className="d-flex flex-wrap gap-4 align-items-start">
              <img
                src={setup.qrDataUrl}
                alt="QR code to add eTA Desk to your authenticator app"
                width={180}
                height={180}
              />
              <div>
                <div className="small text-secondary">Key for typing in</div>
                <code className="account-secret" data-testid="totp-secret">
                  {setup.secret}
                </code>
                <Form noValidate onSubmit={onEnable} className="mt-3 narrow-form">
                  <CodeField id="enable-code" form={form} />
                  <Button type="submit" variant="primary" disabled={enabling.isLoading}>
                    Turn on
                  </Button>
                </Form>
              </div>
            </div>
          </div>
        ) : (
          <>
            {account.required && (
              <Alert variant="warning">{ACCOUNT_MSG.twoFactorRequired} Set it up to continue.</Alert>
            )}
            <p className="text-secondary">
              Off. With it on, a stolen password alone cannot open your account: signing in also asks for a code from an
              app on your phone.
            </p>
            <Button
              variant="primary"
              disabled={starting.isLoading}
              onClick={async () => {
                const envelope = await startSetup().unwrap().catch(refused);
                if (envelope?.data) setSetup(envelope.data);
                else if (envelope) notify(envelope);
              }}
            >
              Set up two-factor sign-in
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
