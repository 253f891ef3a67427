import { useState } from 'react';
import { Anchor, Button, Group, Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { limits } from '@jobportal/shared/vocabulary';
import { notify } from '../../../lib/notify';
import { Link, useLocation } from 'react-router';
import { authApi, useAuthCall } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { ResendCodeButton } from '../components/resend-code-button';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useAuthForm } from '../hooks/use-auth-form';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { emailFromState, isNewAccountFromState, returnPathFromState, type AuthNavigationState } from '../navigation-state';
import { checkEmail, checkOtp, normaliseEmail } from '../validation';
import { usePageTitle } from '../../../components/use-page-title';

export function VerifyOtpScreen() {
  usePageTitle('Check your e-mail');
  const location = useLocation();
  const knownEmail = emailFromState(location.state);
  const isNewAccount = isNewAccountFromState(location.state);
  const [verifyOtp, { isLoading }] = useAuthCall(authApi.verifyOtp);
  const [resendOtp, resendState] = useAuthCall(authApi.resendOtp);
  const completeSignIn = useCompleteSignIn();
  const [resendNotice, setResendNotice] = useState<string | null>(null);

  const form = useAuthForm({
    initialValues: { email: knownEmail, otp: '' },
    validate: { email: checkEmail, otp: checkOtp },
  });
  const { formError, showError, clearError } = useServerErrors(form);

  const verify = form.onSubmit(async (values) => {
    clearError();
    setResendNotice(null);
    try {
      const reply = await verifyOtp({
        email: normaliseEmail(values.email),
        otp: values.otp.trim(),
      });
      await completeSignIn(reply);
    } catch (error) {
      showError(error);
    }
  });

  const resend = async (): Promise<boolean> => {
    clearError();
    if (form.validateField('email').hasError) return false;
    const email = normaliseEmail(form.values.email);
    try {
      await resendOtp({ email });
      setResendNotice(
        `We sent a new code to ${email}. It signs you in; if you chose a password when signing up, this code does not confirm it: sign up again to keep it, or choose one later under “Forgot password?”.`,
      );
      notify({ message: `New code sent to ${email}.` });
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };

  return (
    <AuthCard
      title="Check your e-mail"
      description={
        knownEmail ? (
          <>
            {isNewAccount && 'Your account is created. '}We sent a {limits.otpLength}-digit code to{' '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {knownEmail}
            </Text>
            . It works for {limits.otpTtlMinutes} minutes.
          </>
        ) : (
          `Enter the e-mail address and the ${limits.otpLength}-digit code we sent to it.`
        )
      }
      footer={
        <>
          Wrong address?{' '}
          <Anchor component={Link} to="/login" state={{ from: returnPathFromState(location.state) } satisfies AuthNavigationState} fw={500}>
            Start again
          </Anchor>
        </>
      }
    >
      <form onSubmit={verify} noValidate>
        <Stack gap="lg">
          {!knownEmail && <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />}
          <Input.Wrapper
            label="Code"
            withAsterisk
            error={form.errors.otp}
            labelElement="div"
            description="Paste it or type it; the code signs you in when complete."
          >
            <Group justify="center" mt="xs">
              <PinInput
                length={limits.otpLength}
                type="number"
                oneTimeCode
                placeholder=""
                autoFocus={Boolean(knownEmail)}
                size="md"
                gap={8}
                value={form.values.otp}
                error={Boolean(form.errors.otp)}
                onChange={(value) => form.setFieldValue('otp', value)}
                onComplete={() => {
                  if (!isLoading) void verify();
                }}
                getInputProps={(index) => ({
                  'aria-label': `Code digit ${index + 1} of ${limits.otpLength}`,
                })}
              />
            </Group>
          </Input.Wrapper>
          <FormAlert>{formError}</FormAlert>
          {resendNotice && (
            <Text size="sm" c="teal.8" role="status">
              {resendNotice}
            </Text>
          )}
          <Button type="submit" size="md" fullWidth loading={isLoading}>
            Verify and sign in
          </Button>
          <Group justify="center">
            {/* A code was just sent only when another screen sent one here (with its address). */}
            <ResendCodeButton onResend={resend} isSending={resendState.isLoading} wasJustSent={Boolean(knownEmail)} />
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
