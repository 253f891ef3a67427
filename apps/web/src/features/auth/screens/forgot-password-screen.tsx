import { useState } from 'react';
import { Anchor, Button, Group, Input, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { limits } from '@jobportal/shared/vocabulary';
import { notify } from '../../../lib/notify';
import { Link, useLocation, useNavigate } from 'react-router';
import { authApi, useAuthCall } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { ResendCodeButton } from '../components/resend-code-button';
import { useAuthForm } from '../hooks/use-auth-form';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { emailFromState, returnPathFromState, type AuthNavigationState } from '../navigation-state';
import { checkEmail, checkNewPassword, checkOtp, normaliseEmail, passwordRule } from '../validation';
import { usePageTitle } from '../../../components/use-page-title';

type Step = 'email' | 'reset';

export function ForgotPasswordScreen() {
  usePageTitle('Reset your password');
  const location = useLocation();
  const navigate = useNavigate();
  // An account an administrator made: its e-mail links here with the address and `code=1`, since the code is already on its way.
  const linked = new URLSearchParams(location.search);
  const linkedEmail = linked.get('email') ?? '';
  const [step, setStep] = useState<Step>(linked.get('code') === '1' && !checkEmail(linkedEmail) ? 'reset' : 'email');
  const [requestReset, requestState] = useAuthCall(authApi.requestPasswordReset);
  const [confirmReset, confirmState] = useAuthCall(authApi.confirmPasswordReset);

  const form = useAuthForm({
    initialValues: { email: linkedEmail || emailFromState(location.state), otp: '', new_password: '' },
    validate: step === 'email' ? { email: checkEmail } : { otp: checkOtp, new_password: checkNewPassword },
  });
  const { formError, showError, clearError } = useServerErrors(form);
  const email = normaliseEmail(form.values.email);

  const sendCode = async (): Promise<boolean> => {
    clearError();
    try {
      await requestReset({ email });
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };

  const submit = form.onSubmit(async (values) => {
    if (step === 'email') {
      if (await sendCode()) setStep('reset');
      return;
    }
    clearError();
    try {
      await confirmReset({
        email,
        otp: values.otp.trim(),
        new_password: values.new_password,
      });
      notify({
        title: 'Password changed',
        message: 'Sign in with your new password. Other devices were signed out.',
        color: 'teal',
      });
      await navigate('/login', { state: { email, from: returnPathFromState(location.state) } satisfies AuthNavigationState });
    } catch (error) {
      showError(error);
    }
  });

  const isEmailStep = step === 'email';

  return (
    <AuthCard
      title={isEmailStep ? 'Reset your password' : 'Choose a new password'}
      description={
        isEmailStep ? (
          'Enter the e-mail of your account. We will send you a code to set a new password.'
        ) : (
          <>
            If an account exists for{' '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {email}
            </Text>
            , we sent it a {limits.otpLength}-digit code. It works for {limits.otpTtlMinutes} minutes.
          </>
        )
      }
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login" state={{ from: returnPathFromState(location.state) } satisfies AuthNavigationState} fw={500}>
            Back to sign in
          </Anchor>
        </>
      }
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="sm">
        Step {isEmailStep ? 1 : 2} of 2
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {isEmailStep ? (
            <TextInput label="E-mail" type="email" autoComplete="email" inputMode="email" withAsterisk {...form.getInputProps('email')} />
          ) : (
            <>
              <Input.Wrapper label="Code from the e-mail" labelElement="div" withAsterisk error={form.errors.otp}>
                <Group justify="center" mt="xs">
                  <PinInput
                    length={limits.otpLength}
                    type="number"
                    oneTimeCode
                    placeholder=""
                    autoFocus
                    size="md"
                    gap={8}
                    value={form.values.otp}
                    error={Boolean(form.errors.otp)}
                    onChange={(value) => form.setFieldValue('otp', value)}
                    getInputProps={(index) => ({
                      'aria-label': `Code digit ${index + 1} of ${limits.otpLength}`,
                    })}
                  />
                </Group>
              </Input.Wrapper>
              <PasswordInput
                label="New password"
                description={passwordRule}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('new_password')}
              />
            </>
          )}
          <FormAlert>{formError}</FormAlert>
          <Button type="submit" size="md" fullWidth loading={isEmailStep ? requestState.isLoading : confirmState.isLoading}>
            {isEmailStep ? 'Send me a code' : 'Change password'}
          </Button>
          {!isEmailStep && (
            <Group justify="center" gap="xs">
              <Button
                variant="subtle"
                size="sm"
                color="gray"
                onClick={() => {
                  clearError();
                  setStep('email');
                }}
              >
                Use another e-mail
              </Button>
              <ResendCodeButton onResend={sendCode} isSending={requestState.isLoading} wasJustSent />
            </Group>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
