import type { SelfServiceRole } from '@jobportal/shared';
import { useState } from 'react';
import { Box, Divider, Stack, useComputedColorScheme } from '@mantine/core';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { describeError } from '../../../lib/api/api-error';
import { authApi, useAuthCall } from '../api/auth-api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from '../../../components/form-alert';

/** Google's button inside its provider, so Google's script loads only where the button is. */
export default function GoogleButton({ clientId, role }: { clientId: string; role?: SelfServiceRole }) {
  const [googleLogin, { isLoading }] = useAuthCall(authApi.googleLogin);
  const completeSignIn = useCompleteSignIn();
  const scheme = useComputedColorScheme('light');
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="md" mt="lg">
      <Divider label="or" labelPosition="center" />
      <GoogleOAuthProvider clientId={clientId}>
        <Box mx="auto" style={{ minHeight: 44, opacity: isLoading ? 0.6 : 1 }} aria-busy={isLoading}>
          <GoogleLogin
            text={role ? 'signup_with' : 'continue_with'}
            shape="pill"
            width="300"
            theme={scheme === 'dark' ? 'filled_black' : 'outline'}
            onSuccess={async ({ credential }) => {
              setError(null);
              if (!credential) {
                setError('Google did not confirm who you are. Please try again.');
                return;
              }
              try {
                const reply = await googleLogin({ access_token: credential, role });
                await completeSignIn(reply);
              } catch (failure) {
                setError(describeError(failure));
              }
            }}
            onError={() => setError('Signing in with Google did not work. Please try again.')}
          />
        </Box>
      </GoogleOAuthProvider>
      <FormAlert>{error}</FormAlert>
    </Stack>
  );
}
