import { ACCOUNT_API, ADMIN_ROUTE, type ResetPasswordInput, resetPasswordSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/FormField.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { fetchEndpoint, fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { SignInBrand } from '../auth/index.ts';
import '../auth/signin.css';

/** The page the reset mail links to (DESIGN §17): a new password, then sign in with it. No session needed. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, newPassword: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    let message: string;
    try {
      message = (await fetchEndpoint(ACCOUNT_API.resetPassword, { body }, { auth: false })).message;
    } catch (caught) {
      const refusal = refusalOf(caught);
      const errorsOf = fieldErrors(refusal);
      if (errorsOf.newPassword) setError('newPassword', { message: errorsOf.newPassword });
      toast.error(refusal.message);
      return;
    }
    toast.success(message);
    await navigate(ADMIN_ROUTE.home, { replace: true });
  });

  return (
    <div className="signin-page">
      <div className="signin-card">
        <SignInBrand />
        <div className="signin-form">
          <div className="signin-logo">
            <Logo size={72} />
          </div>
          <h1 className="h4 text-center mb-1">Choose a new password</h1>
          <p className="text-secondary text-center small mb-4">Setting it signs you out everywhere.</p>
          <Form noValidate onSubmit={onSubmit}>
            <input type="hidden" {...register('token')} />
            <FormField
              id="reset-password"
              label="Enter New Password"
              error={errors.newPassword?.message ?? errors.token?.message}
            >
              <Form.Control
                id="reset-password"
                type="password"
                autoComplete="new-password"
                isInvalid={!!errors.newPassword}
                {...register('newPassword')}
              />
            </FormField>
            <Button type="submit" variant="primary" size="lg" className="w-100 mb-3" disabled={isSubmitting}>
              Update Password
            </Button>
            <div className="text-center">
              <Button variant="link" className="p-0 signin-forgot" onClick={() => void navigate(ADMIN_ROUTE.home)}>
                Back to sign in
              </Button>
            </div>
          </Form>
        </div>
      </div>
    </div>
  );
}
