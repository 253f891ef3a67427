import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { LogoutIcon } from '../../components/icons';
import { DownloadIcon, ShieldIcon, TrashIcon, UserIcon } from '../../components/more-icons';
import { initialsOf } from '../../components/initials';
import { roleHome, roleLabels } from '../../lib/session/session';
import { useSession } from '../../lib/session/use-session';
import { useSignOut } from '../../lib/session/use-sign-out';

export default function UserMenu() {
  const session = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const name = session.full_name ?? session.user?.full_name ?? 'Your account';

  return (
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} p={4} style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size={34} color="indigo" variant="light">
              {initialsOf(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Stack px="sm" pb="xs" gap={6} align="flex-start">
          <Text size="sm" fw={500} maw="100%" truncate title={session.user?.email}>
            {session.user?.email ?? name}
          </Text>
          {session.role && (
            <Badge size="sm" variant="light">
              {roleLabels[session.role]}
            </Badge>
          )}
        </Stack>
        <Menu.Divider />
        <Menu.Item component={Link} to={roleHome(session)} leftSection={<UserIcon size={16} />}>
          Your dashboard
        </Menu.Item>
        <Menu.Item component={Link} to="/account/privacy" leftSection={<DownloadIcon size={16} />}>
          Download my data
        </Menu.Item>
        <Menu.Item component={Link} to="/account/privacy" state={{ section: 'delete' }} leftSection={<TrashIcon size={16} />}>
          Delete account
        </Menu.Item>
        <Menu.Item component={Link} to="/privacy" leftSection={<ShieldIcon size={16} />}>
          Privacy
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()} disabled={isSigningOut} leftSection={<LogoutIcon size={16} />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
