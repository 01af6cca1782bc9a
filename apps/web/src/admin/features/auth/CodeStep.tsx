import { ACCOUNT_MSG, type VerifyLoginInput, verifyLoginSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/FormField.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { verifyCode } from '../../../store/authSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { pageAfterSignIn } from './pageAfterSignIn.ts';

/** 401: the challenge ran out (five minutes) or the account changed meanwhile; start again. */
const HTTP_UNAUTHORIZED_MESSAGE = ACCOUNT_MSG.challengeExpired;

/** The second step of sign-in (DESIGN §17): a code from the authenticator app, or a recovery code. */
export function CodeStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const loading = useAppSelector((state) => state.auth.loading);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VerifyLoginInput>({ resolver: zodResolver(verifyLoginSchema), defaultValues: { challenge, code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const result = await dispatch(verifyCode(values));
    if (verifyCode.rejected.match(result) && !result.payload) {
      toast.error(result.error.message ?? WEB_TEXT.networkError);
      return;
    }
    if (verifyCode.fulfilled.match(result) && result.payload.data) {
      toast.success(result.payload.envelope.message);
      await navigate(pageAfterSignIn(search));
      return;
    }
    // refused (or a success that opened no session): told, and shown under the field
    const refusal = verifyCode.rejected.match(result) ? result.payload : undefined;
    const message = refusal?.message ?? (verifyCode.fulfilled.match(result) ? result.payload.envelope.message : '');
    toast.error(message);
    if (message === HTTP_UNAUTHORIZED_MESSAGE) {
      onBack();
      return;
    }
    setError('code', { message: (refusal && fieldErrors(refusal).code) ?? message });
  });

  return (
    <>
      <h1 className="h4 text-center mb-1">Two-factor sign-in</h1>
      <p className="text-secondary text-center small mb-4">{ACCOUNT_MSG.enterCode}</p>
      <Form noValidate onSubmit={onSubmit}>
        <input type="hidden" {...register('challenge')} />
        <FormField
          id="code"
          label="Code"
          error={errors.code?.message}
          hint="Lost your phone? Enter one of your recovery codes instead."
        >
          <Form.Control
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder="123456"
            className="signin-code"
            isInvalid={!!errors.code}
            {...register('code')}
          />
        </FormField>
        <Button type="submit" variant="primary" size="lg" className="w-100 mb-3" disabled={loading}>
          {loading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Verify
        </Button>
        <div className="text-center">
          <Button variant="link" className="p-0 signin-forgot" onClick={onBack}>
            Back to sign in
          </Button>
        </div>
      </Form>
    </>
  );
}
