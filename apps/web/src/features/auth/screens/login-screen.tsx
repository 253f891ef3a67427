import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { forgetSignOutReason, peekSignOutReason } from '../../../lib/session/sign-out-reason';
import { useSession } from '../../../lib/session/use-session';
import { authApi, useAuthCall } from '../api/auth-api';
import { AlreadySignedInNote } from '../components/already-signed-in-note';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { GoogleSignIn } from '../components/google-sign-in';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useAuthForm } from '../hooks/use-auth-form';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { emailFromState, returnPathFromState, type AuthNavigationState } from '../navigation-state';
import { checkEmail, checkPassword, normaliseEmail } from '../validation';
import { usePageTitle } from '../../../components/use-page-title';

type Method = 'password' | 'code';

const methods: Array<{ value: Method; label: string }> = [
  { value: 'password', label: 'Password' },
  { value: 'code', label: 'E-mail code' },
];

export function LoginScreen() {
  usePageTitle('Sign in');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [method, setMethod] = useState<Method>('password');
  // Why this tab was just signed out (a deactivated account), or an address that says so.
  const [signOutReason] = useState(
    () => peekSignOutReason() ?? (new URLSearchParams(location.search).get('reason') === 'account_disabled' ? 'account_disabled' : null),
  );
  useEffect(forgetSignOutReason, []);
  const [login, loginState] = useAuthCall(authApi.login);
  const [sendOtp, sendOtpState] = useAuthCall(authApi.sendOtp);
  const completeSignIn = useCompleteSignIn();

  const form = useAuthForm({
    initialValues: { email: emailFromState(location.state), password: '' },
    validate: { email: checkEmail, password: checkPassword },
  });
  const { formError, showError, clearError } = useServerErrors(form);
  const isSending = loginState.isLoading || sendOtpState.isLoading;

  // Where the visitor was asked to sign in travels with them through the sign-in screens.
  const from = returnPathFromState(location.state);
  const goToCodeEntry = (email: string) => navigate('/verify-otp', { state: { email, from } satisfies AuthNavigationState });

  const signInWithPassword = form.onSubmit(async (values) => {
    clearError();
    const email = normaliseEmail(values.email);
    try {
      const reply = await login({ email, password: values.password });
      await completeSignIn(reply);
    } catch (error) {
      if (isApiError(error) && error.code === 'email_not_verified') {
        notify({
          title: 'Confirm your e-mail first',
          message: `We sent a new 6-digit code to ${email}.`,
        });
        await goToCodeEntry(email);
        return;
      }
      showError(error);
    }
  });

  const emailMeACode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearError();
    if (form.validateField('email').hasError) return;
    const email = normaliseEmail(form.values.email);
    try {
      await sendOtp({ email });
      notify({ title: 'Check your e-mail', message: `We sent a code to ${email}.` });
      await goToCodeEntry(email);
    } catch (error) {
      showError(error);
    }
  };

  const emailField = (
    <TextInput label="E-mail" type="email" autoComplete="email" inputMode="email" withAsterisk {...form.getInputProps('email')} />
  );

  return (
    <AuthCard
      title="Sign in to Hireloop"
      description="Welcome back. Pick up where you left off."
      footer={
        <>
          New to Hireloop?{' '}
          <Anchor component={Link} to="/signup" state={{ from } satisfies AuthNavigationState} fw={500}>
            Create an account
          </Anchor>
        </>
      }
    >
      {!session.role && signOutReason === 'account_disabled' && (
        <Alert variant="light" color="red" mb="md" title="Your account is disabled" role="alert">
          <Text size="sm">
            An administrator deactivated this account, so you were signed out. Contact support if you think this is a mistake.
          </Text>
        </Alert>
      )}
      <AlreadySignedInNote session={session} wanted={from} />
      {/* Two pressed/unpressed buttons rather than Tabs: the same choice for ~1.8 KB less on the first load. */}
      <Button.Group mb="lg" aria-label="How to sign in">
        {methods.map(({ value, label }) => (
          <Button
            key={value}
            flex={1}
            variant={method === value ? 'light' : 'default'}
            aria-pressed={method === value}
            onClick={() => {
              clearError();
              setMethod(value);
            }}
          >
            {label}
          </Button>
        ))}
      </Button.Group>

      {method === 'password' ? (
        <form onSubmit={signInWithPassword} noValidate>
          <Stack gap="md">
            {emailField}
            <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} to="/forgot-password" state={{ from } satisfies AuthNavigationState} size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <FormAlert>{formError}</FormAlert>
            <Button type="submit" size="md" fullWidth loading={isSending} disabled={isSending}>
              Sign in
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={emailMeACode} noValidate>
          <Stack gap="md">
            {emailField}
            <Text size="sm" c="dimmed">
              No password needed: we e-mail you a 6-digit code that works for 10 minutes.
            </Text>
            <FormAlert>{formError}</FormAlert>
            <Button type="submit" size="md" fullWidth loading={isSending} disabled={isSending}>
              E-mail me a sign-in code
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="center"
              onClick={() => {
                if (!form.validateField('email').hasError) {
                  void goToCodeEntry(normaliseEmail(form.values.email));
                }
              }}
            >
              I already have a code
            </Anchor>
          </Stack>
        </form>
      )}
      <GoogleSignIn />
    </AuthCard>
  );
}
