import { ACCOUNT_API, ACCOUNT_MSG } from '@eta/shared';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { AppModal } from '../../components/AppModal.tsx';
import { FormField } from '../../components/FormField.tsx';
import { fetchEndpoint, fieldErrors } from '../../lib/api.ts';
import { isUnauthorized, refusalOf, refused } from '../../lib/apiError.ts';
import { WEB_TEXT } from '../../lib/texts.ts';

/**
 * The small "confirm it is you" modal (DESIGN §22): the password, or, for a member with two-factor
 * sign-in on, a code from the app or a recovery code. A wrong answer shows under the field (and
 * counts like a wrong sign-in: the server's 429 message shows the same way).
 */
export function ReauthModal({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [twoFactor, setTwoFactor] = useState(false);
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchEndpoint(ACCOUNT_API.account, {})
      .catch(refused)
      .then((reply) => {
        if (current && reply?.data?.twoFactor.enabled) setTwoFactor(true);
      });
    return () => {
      current = false;
    };
  }, []);

  const field = withCode ? 'code' : 'password';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(withCode ? ACCOUNT_MSG.codeRequired : ACCOUNT_MSG.reauthMissing);
    setBusy(true);
    try {
      await fetchEndpoint(ACCOUNT_API.reauth, { body: withCode ? { code: value } : { password: value } });
    } catch (caught) {
      setBusy(false);
      const refusal = refusalOf(caught);
      // a 401 has ended the session already (lib/api.ts): the frame closes with it
      if (!isUnauthorized(refusal)) setError(fieldErrors(refusal)[field] ?? refusal.message);
      return;
    }
    setBusy(false);
    onDone(true);
  };
  const switchTo = (code: boolean) => {
    setWithCode(code);
    setValue('');
    setError(undefined);
  };

  return (
    <AppModal show onHide={() => onDone(false)} size="sm" centered aria-labelledby="reauth-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="reauth-title" className="h5">
            {WEB_TEXT.reauthTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-secondary">{withCode ? WEB_TEXT.reauthWithCode : WEB_TEXT.reauthWithPassword}</p>
          <FormField id="reauth-value" label={withCode ? WEB_TEXT.reauthCode : WEB_TEXT.reauthPassword} error={error}>
            <Form.Control
              id="reauth-value"
              type={withCode ? 'text' : 'password'}
              autoComplete={withCode ? 'one-time-code' : 'current-password'}
              inputMode={withCode ? 'numeric' : undefined}
              autoFocus
              isInvalid={!!error}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </FormField>
          {twoFactor && (
            <Button variant="link" size="sm" className="p-0" onClick={() => switchTo(!withCode)}>
              {withCode ? WEB_TEXT.reauthUsePassword : WEB_TEXT.reauthUseCode}
            </Button>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => onDone(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {WEB_TEXT.reauthConfirm}
          </Button>
        </Modal.Footer>
      </Form>
    </AppModal>
  );
}
