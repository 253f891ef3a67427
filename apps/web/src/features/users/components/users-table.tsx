import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserOut } from '@jobportal/shared';
import { formatDate, formatDateTime, formatRecent } from '../../../lib/format';
import { roleLabels } from '../../../lib/session/session';

const roleColors = { admin: 'grape', employer: 'blue', jobseeker: 'teal' } as const;

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Name</Table.Th>
        <Table.Th>Role</Table.Th>
        <Table.Th>Status</Table.Th>
        <Table.Th>Joined</Table.Th>
        <Table.Th>Last sign-in</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function StatusBadges({ user }: { user: UserOut }): ReactNode {
  return (
    <>
      <Badge variant="dot" color={user.is_active ? 'teal' : 'red'}>
        {user.is_active ? 'Active' : 'Disabled'}
      </Badge>
      {!user.email_verified && (
        <Badge variant="light" color="orange">
          E-mail not confirmed
        </Badge>
      )}
    </>
  );
}

function RoleBadge({ user }: { user: UserOut }) {
  return (
    <Badge variant="light" color={roleColors[user.role]} style={{ flexShrink: 0 }}>
      {roleLabels[user.role]}
    </Badge>
  );
}

/** The same rows as a stacked list, for phones. */
export function UsersList({ users }: { users: UserOut[] }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {users.map((user) => (
        <Stack component="li" key={user.id} gap={6} px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {user.full_name || '—'}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
            <RoleBadge user={user} />
          </Group>
          <Group gap={6}>
            <StatusBadges user={user} />
          </Group>
          <Text size="xs" c="dimmed">
            Joined {formatDate(user.date_joined)} · Last sign-in {user.last_login ? formatRecent(user.last_login) : 'never'}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

export function UsersTable({ users }: { users: UserOut[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Head />
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {user.full_name || '—'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {user.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <RoleBadge user={user} />
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <StatusBadges user={user} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(user.date_joined)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDateTime(user.last_login)}>
                  {user.last_login ? formatRecent(user.last_login) : 'Never'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Placeholder rows shaped like the table while the page loads. */
export function UsersTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-busy="true" aria-label="Loading users">
        <Head />
        <Table.Tbody>
          {Array.from({ length: rows }, (_, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                <Skeleton height={12} width="70%" mb={6} />
                <Skeleton height={10} width="50%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={18} width={80} radius="xl" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={18} width={70} radius="xl" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={12} width={90} />
              </Table.Td>
              <Table.Td>
                <Skeleton height={12} width={80} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Placeholder items shaped like the phone list while the page loads. */
export function UsersListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label="Loading users">
      {Array.from({ length: rows }, (_, index) => (
        <Stack key={index} gap={8} px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between">
            <Skeleton height={12} width="45%" />
            <Skeleton height={18} width={80} radius="xl" />
          </Group>
          <Skeleton height={10} width="60%" />
          <Skeleton height={10} width="70%" />
        </Stack>
      ))}
    </Stack>
  );
}
