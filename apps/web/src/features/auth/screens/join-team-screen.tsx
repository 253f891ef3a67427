import { Anchor, Button, Input, PasswordInput, PinInput, Stack, Text, TextInput, Group } from '@mantine/core';
import { limits } from '@jobportal/shared/vocabulary';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { joinTeam } from '../../teams/api/teams-api';
import { useAuthCall } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { useAuthForm } from '../hooks/use-auth-form';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { checkEmail, checkOtp, normaliseEmail } from '../validation';

/**
 * #/join-team: someone invited to a company's hiring team enters the e-mailed code. A new address
 * also chooses a name and password; an existing employer account just joins. Then signed in.
 */
export function JoinTeamScreen() {
  usePageTitle('Join a hiring team');
  const [join, { isLoading }] = useAuthCall(joinTeam);
  const completeSignIn = useCompleteSignIn();
  const form = useAuthForm({
    initialValues: { email: '', otp: '', full_name: '', password: '' },
    validate: {
      email: checkEmail,
      otp: checkOtp,
      password: (value: string) => (value && value.length < limits.passwordMin ? `Use at least ${limits.passwordMin} characters.` : null),
    },
  });
  const { formError, showError, clearError } = useServerErrors(form);

  const submit = form.onSubmit(async (values) => {
    clearError();
    try {
      const reply = await join({
        email: normaliseEmail(values.email),
        otp: values.otp.trim(),
        ...(values.full_name.trim() ? { full_name: values.full_name.trim() } : {}),
        ...(values.password ? { password: values.password } : {}),
      });
      await completeSignIn(reply);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <AuthCard
      title="Join a hiring team"
      description={`Enter the e-mail address you were invited at and the ${limits.otpLength}-digit code from the invitation.`}
      footer={
        <>
          Not invited?{' '}
          <Anchor component={Link} to="/signup" fw={500}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
          <Input.Wrapper
            label="Code"
            withAsterisk
            error={form.errors.otp}
            labelElement="div"
            description={`It works for ${limits.otpTtlMinutes} minutes.`}
          >
            <Group justify="center" mt="xs">
              <PinInput
                length={limits.otpLength}
                type="number"
                oneTimeCode
                placeholder=""
                size="md"
                gap={8}
                value={form.values.otp}
                error={Boolean(form.errors.otp)}
                onChange={(value) => form.setFieldValue('otp', value)}
                getInputProps={(index) => ({ 'aria-label': `Code digit ${index + 1} of ${limits.otpLength}` })}
              />
            </Group>
          </Input.Wrapper>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              New to Hireloop?
            </Text>
            <Text size="sm" c="dimmed">
              Choose your name and a password. If you already have an employer account with this e-mail, leave these empty.
            </Text>
            <TextInput label="Your name" autoComplete="name" {...form.getInputProps('full_name')} />
            <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
          </Stack>
          <FormAlert>{formError}</FormAlert>
          <Button type="submit" size="md" fullWidth loading={isLoading}>
            Join the team
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
