import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { authApi, useAuthCall } from '../api/auth-api';
import { useSession } from '../../../lib/session/use-session';
import { AlreadySignedInNote } from '../components/already-signed-in-note';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useAuthForm } from '../hooks/use-auth-form';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { checkEmail, checkPassword, normaliseEmail } from '../validation';
import { usePageTitle } from '../../../components/use-page-title';

export function AdminLoginScreen() {
  usePageTitle('Administrator sign-in');
  const session = useSession();
  const [adminLogin, { isLoading }] = useAuthCall(authApi.adminLogin);
  const completeSignIn = useCompleteSignIn();
  const form = useAuthForm({
    initialValues: { email: '', password: '' },
    validate: { email: checkEmail, password: checkPassword },
  });
  const { formError, showError, clearError } = useServerErrors(form);

  const signIn = form.onSubmit(async (values) => {
    clearError();
    try {
      const reply = await adminLogin({
        email: normaliseEmail(values.email),
        password: values.password,
      });
      await completeSignIn(reply);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <AuthCard
      title="Administrator sign-in"
      description="For Hireloop administrators only."
      footer={
        <>
          Not an administrator?{' '}
          <Anchor component={Link} to="/login" fw={500}>
            Sign in here
          </Anchor>
        </>
      }
    >
      <AlreadySignedInNote session={session} />
      <form onSubmit={signIn} noValidate>
        <Stack gap="md">
          <TextInput label="E-mail" type="email" autoComplete="username" inputMode="email" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
          <FormAlert>{formError}</FormAlert>
          <Button type="submit" size="md" fullWidth loading={isLoading} leftSection={<ShieldIcon size={18} />}>
            Sign in as administrator
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
