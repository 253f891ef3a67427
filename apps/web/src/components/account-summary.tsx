import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { roleLabels } from '../lib/session/session';
import { useSession } from '../lib/session/use-session';
import { initialsOf } from './initials';

/** The signed-in account as the session knows it. */
export function AccountSummary() {
  const session = useSession();
  const name = session.full_name ?? session.user?.full_name ?? '—';
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your account
        </Title>
        <Group wrap="nowrap" gap="md">
          <Avatar size={52} radius="xl" color="indigo" variant="light">
            {initialsOf(name)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {session.user?.email ?? '—'}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {session.role && <Badge variant="light">{roleLabels[session.role]}</Badge>}
          {session.role === 'employer' && (
            <Badge variant="light" color={session.companyDetailsSubmitted ? 'teal' : 'orange'}>
              {session.companyDetailsSubmitted ? 'Company details on file' : 'Company details needed'}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
