import type { SelfServiceRole } from '@jobportal/shared';
import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/api/api-error';
import { authApi, useAuthCall } from '../api/auth-api';
import { useSession } from '../../../lib/session/use-session';
import { AlreadySignedInNote } from '../components/already-signed-in-note';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { GoogleSignIn } from '../components/google-sign-in';
import { useAuthForm } from '../hooks/use-auth-form';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { returnPathFromState, type AuthNavigationState } from '../navigation-state';
import { checkEmail, checkFullName, checkNewPassword, normaliseEmail, passwordRule } from '../validation';
import { usePageTitle } from '../../../components/use-page-title';

const roleChoices: { value: SelfServiceRole; title: string; description: string }[] = [
  { value: 'jobseeker', title: 'Find a job', description: 'Apply, track and interview.' },
  { value: 'employer', title: 'Hire people', description: 'Post jobs and meet applicants.' },
];

export function SignupScreen() {
  usePageTitle('Create an account');
  const from = returnPathFromState(useLocation().state);
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [signup, { isLoading }] = useAuthCall(authApi.signup);
  const [signupFailure, setSignupFailure] = useState<string | null>(null);

  const form = useAuthForm({
    initialValues: {
      full_name: '',
      email: '',
      password: '',
      role: (searchParams.get('role') === 'employer' ? 'employer' : 'jobseeker') as SelfServiceRole,
    },
    validate: { full_name: checkFullName, email: checkEmail, password: checkNewPassword },
  });
  const { formError, showError, clearError } = useServerErrors(form);

  const createAccount = form.onSubmit(async (values) => {
    clearError();
    setSignupFailure(null);
    const email = normaliseEmail(values.email);
    try {
      const reply = await signup({
        full_name: values.full_name.trim(),
        email,
        password: values.password,
        role: values.role,
      });
      if (reply.user_id === undefined || reply.user_id === null) {
        // Spec section 5: a reply without user_id is a failed signup.
        const reason = reply.message ?? 'the server did not create the account.';
        window.alert(`Signup failed: ${reason}`);
        setSignupFailure(`Signup failed: ${reason}`);
        return;
      }
      // The code screen says it (a toast stayed on screen after the code was entered).
      await navigate('/verify-otp', { state: { email, from, isNewAccount: true } satisfies AuthNavigationState });
    } catch (error) {
      window.alert(`Signup failed: ${describeError(error)}`);
      showError(error);
    }
  });

  return (
    <AuthCard
      title="Create your Hireloop account"
      description="One account for your search or your hiring. It takes a minute."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" state={{ from } satisfies AuthNavigationState} fw={500}>
            Sign in
          </Anchor>
        </>
      }
    >
      <AlreadySignedInNote session={session} wanted={from} />
      <form onSubmit={createAccount} noValidate>
        <Stack gap="md">
          <Radio.Group
            label="I want to"
            withAsterisk
            value={form.values.role}
            onChange={(value) => form.setFieldValue('role', value === 'employer' ? 'employer' : 'jobseeker')}
            error={form.errors.role}
          >
            <SimpleGrid cols={2} spacing="sm" mt={6}>
              {roleChoices.map((choice) => (
                <Radio.Card key={choice.value} value={choice.value} p="sm" radius="md">
                  <Group wrap="nowrap" align="flex-start" gap="xs">
                    <Radio.Indicator mt={2} />
                    <div>
                      <Text fw={600} size="sm">
                        {choice.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {choice.description}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <TextInput label="Full name" autoComplete="name" withAsterisk {...form.getInputProps('full_name')} />
          <TextInput label="E-mail" type="email" autoComplete="email" inputMode="email" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description={passwordRule}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <FormAlert>{signupFailure ?? formError}</FormAlert>
          <Button type="submit" size="md" fullWidth loading={isLoading}>
            Create account
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            We will e-mail you a 6-digit code to confirm your address.
          </Text>
        </Stack>
      </form>
      <GoogleSignIn role={form.values.role} />
    </AuthCard>
  );
}
