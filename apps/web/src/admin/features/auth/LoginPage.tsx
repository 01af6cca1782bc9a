import { ADMIN_ROUTE, type LoginInput, loginSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/FormField.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { fieldErrors } from '../../../lib/api.ts';
import { readEnrolmentRequired, readRememberedEmail, rememberEmail } from '../../../lib/session.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { login } from '../../../store/authSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { CodeStep } from './CodeStep.tsx';
import { ForgotPasswordStep } from './ForgotPasswordStep.tsx';
import { pageAfterSignIn } from './pageAfterSignIn.ts';
import { SignInBrand } from './SignInBrand.tsx';
import './signin.css';

type Step = { name: 'password' } | { name: 'code'; challenge: string } | { name: 'forgot' };

/**
 * SPEC §2 sign-in screen at / and /admin. With two-factor sign-in on, the code is asked for in the
 * same card once the password is right (DESIGN §17); "Forgot password?" opens its form there too.
 */
export function LoginPage() {
  usePageTitle('Sign In');
  const [step, setStep] = useState<Step>({ name: 'password' });
  const back = () => setStep({ name: 'password' });
  return (
    <div className="signin-page">
      <div className="signin-card">
        <SignInBrand />
        <div className="signin-form">
          <div className="signin-logo">
            <Logo size={72} />
          </div>
          {step.name === 'password' && (
            <PasswordStep
              onChallenge={(challenge) => setStep({ name: 'code', challenge })}
              onForgot={() => setStep({ name: 'forgot' })}
            />
          )}
          {step.name === 'code' && <CodeStep challenge={step.challenge} onBack={back} />}
          {step.name === 'forgot' && <ForgotPasswordStep onBack={back} />}
        </div>
      </div>
    </div>
  );
}

function PasswordStep({ onChallenge, onForgot }: { onChallenge: (challenge: string) => void; onForgot: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const loading = useAppSelector((state) => state.auth.loading);
  const remembered = readRememberedEmail();
  // Remember-me (behaviour left open by SPEC): keeps the email address for the next visit, never the password.
  const [remember, setRemember] = useState(remembered !== '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: remembered, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const result = await dispatch(login(values));
    if (login.rejected.match(result)) {
      // the refusal (its payload), or a thrown error (none)
      const refusal = result.payload;
      for (const [field, message] of Object.entries(refusal ? fieldErrors(refusal) : {})) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
      toast.error(refusal?.message ?? result.error.message ?? WEB_TEXT.networkError);
      return;
    }
    const { envelope, data, challenge } = result.payload;
    if (data || challenge) rememberEmail(remember ? values.email : null);
    if (challenge) {
      onChallenge(challenge);
      return;
    }
    if (data) {
      toast.success(envelope.message);
      await navigate(readEnrolmentRequired() ? ADMIN_ROUTE.account : pageAfterSignIn(search));
      return;
    }
    toast.error(envelope.message);
  });

  return (
    <>
      <h1 className="h4 text-center mb-1">Sign In</h1>
      <p className="text-secondary text-center small mb-4">Staff access to the eTA Desk back office</p>
      <Form noValidate onSubmit={onSubmit}>
        <FormField id="email" label="Email ID" error={errors.email?.message}>
          <Form.Control
            id="email"
            type="email"
            autoComplete="username"
            placeholder="name@example.com"
            isInvalid={!!errors.email}
            {...register('email')}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <Form.Control
            id="password"
            type="password"
            autoComplete="current-password"
            placeholder="Password"
            isInvalid={!!errors.password}
            {...register('password')}
          />
        </FormField>
        <div className="d-flex align-items-center justify-content-between gap-2 mb-4">
          <Form.Check
            id="remember-me"
            label="Remember me"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Button variant="link" className="p-0 signin-forgot text-nowrap" onClick={onForgot}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" variant="primary" size="lg" className="w-100" disabled={loading}>
          {loading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Sign In
        </Button>
      </Form>
    </>
  );
}
