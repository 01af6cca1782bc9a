import { ACCOUNT_API, type ForgotPasswordInput, forgotPasswordSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/FormField.tsx';
import { fetchEndpoint } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { readRememberedEmail } from '../../../lib/session.ts';

/** "Forgot password?" (DESIGN §17): the server answers the same for any address; the link comes by mail. */
export function ForgotPasswordStep({ onBack }: { onBack: () => void }) {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: readRememberedEmail() },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      setSent((await fetchEndpoint(ACCOUNT_API.forgotPassword, { body }, { auth: false })).message);
    } catch (caught) {
      toast.error(refusalOf(caught).message);
    }
  });

  return (
    <>
      <h1 className="h4 text-center mb-1">Reset your password</h1>
      <p className="text-secondary text-center small mb-4">We will mail you a link to choose a new one.</p>
      {sent ? (
        <Alert variant="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <FormField id="forgot-email" label="Email ID" error={errors.email?.message}>
            <Form.Control
              id="forgot-email"
              type="email"
              autoComplete="username"
              placeholder="name@example.com"
              isInvalid={!!errors.email}
              {...register('email')}
            />
          </FormField>
          <Button type="submit" variant="primary" size="lg" className="w-100 mb-3" disabled={isSubmitting}>
            {isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Send reset link
          </Button>
        </Form>
      )}
      <div className="text-center">
        <Button variant="link" className="p-0 signin-forgot" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </>
  );
}
