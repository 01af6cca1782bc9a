import { ADMIN_ROUTE, type ChangePasswordInput, changePasswordSchema, SCREENS } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/FormField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { signOut } from '../../../store/index.ts';
import { useChangePasswordMutation } from './api.ts';

/** SPEC §2 Update Password: success ends the session (the server revokes the token) and goes to /. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const envelope = await changePassword(values).unwrap().catch(refused);
    if (!envelope || !notify(envelope)) return;
    signOut();
    await navigate(ADMIN_ROUTE.home, { replace: true });
  });

  return (
    <>
      <PageHeader title={SCREENS.changePassword.title} />
      <Card className="shadow-sm border-0 narrow-card">
        <Card.Body>
          <Form noValidate onSubmit={onSubmit}>
            <FormField id="new-password" label="Enter New Password" error={errors.newPassword?.message}>
              <Form.Control
                id="new-password"
                type="password"
                autoComplete="new-password"
                isInvalid={!!errors.newPassword}
                {...register('newPassword')}
              />
            </FormField>
            <Button type="submit" variant="primary" disabled={isLoading}>
              Update Password
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}
