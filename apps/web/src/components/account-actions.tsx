import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LogoutIcon } from './icons';
import { useSession } from '../lib/session/use-session';
import { useSignOut } from '../lib/session/use-sign-out';

/** Things every signed-in person can do today: change the password, sign out. */
export function AccountActions() {
  const session = useSession();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Security
        </Title>
        <Text size="sm" c="dimmed">
          Change your password with a code we e-mail you. Changing it signs out every other device.
        </Text>
        <Stack gap="xs">
          <Button component={Link} to="/forgot-password" state={{ email: session.user?.email ?? '' }} variant="default">
            Change password
          </Button>
          <Button variant="light" color="red" leftSection={<LogoutIcon size={16} />} loading={isSigningOut} onClick={() => void signOut()}>
            Sign out
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
