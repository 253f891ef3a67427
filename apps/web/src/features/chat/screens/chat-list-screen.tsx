import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ChatRoomOut, Role } from '@jobportal/shared';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { formatRecent } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { useGetChatRoomsQuery } from '../api/chat-api';
import { chatBase, otherParty } from '../components/chat-format';
import { PartyAvatar } from '../components/party-avatar';
import classes from './chat.module.css';
import { countOf } from '../../../lib/plural';

function RoomRow({ room, role, me }: { room: ChatRoomOut; role: Role | null; me: number | null }) {
  const party = otherParty(room, role);
  const last = room.last_message;
  const lastBy = last
    ? last.sender.id === me
      ? 'You: '
      : role === 'employer' && last.sender.id !== room.jobseeker.id
        ? `${last.sender.full_name}: `
        : ''
    : '';
  const isUnread = room.unread_count > 0;
  return (
    <Link
      to={`${chatBase(role)}/${room.id}`}
      className={classes.roomLink}
      aria-label={`${party.name}${isUnread ? `, ${room.unread_count} unread` : ''}`}
    >
      <Group wrap="nowrap" gap="md" align="center">
        <PartyAvatar room={room} role={role} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={isUnread ? 700 : 600} truncate>
              {party.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {formatRecent(last?.created_at ?? room.updated_at)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {party.detail}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c={isUnread ? undefined : 'dimmed'} fw={isUnread ? 600 : 400} className={classes.preview}>
              {last ? `${lastBy}${last.content}` : 'No messages yet: say hello.'}
            </Text>
            {isUnread && (
              <Badge size="sm" circle={room.unread_count < 10} color="red" style={{ flex: 'none' }}>
                {room.unread_count > 99 ? '99+' : room.unread_count}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Link>
  );
}

/** Conversations, newest activity first, updated live (features/chat/live). */
function ChatListScreen() {
  usePageTitle('Messages');
  const session = useSession();
  const { data, isLoading, isError, error, refetch } = useGetChatRoomsQuery();
  const unread = data?.results.reduce((n, r) => n + r.unread_count, 0) ?? 0;
  const isEmployer = session.role === 'employer';
  return (
    <Page size="md">
      <PageHeader
        title="Messages"
        description={
          data
            ? data.count === 0
              ? undefined
              : `${countOf(data.count, 'conversation')}${unread ? `, ${countOf(unread, 'unread message')}` : ''}`
            : undefined
        }
      />
      {isLoading ? (
        <Card withBorder radius="md" p={0}>
          {Array.from({ length: 4 }, (_, i) => (
            <Group key={i} p="md" gap="md" wrap="nowrap">
              <Skeleton circle h={44} w={44} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={12} w="40%" />
                <Skeleton h={10} w="80%" />
              </Stack>
            </Group>
          ))}
        </Card>
      ) : isError || !data ? (
        <LoadFailed title="Your conversations could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : data.results.length === 0 ? (
        <Card withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>No conversations yet</Text>
            <Text c="dimmed" ta="center" size="sm">
              {isEmployer ? (
                <>
                  Open an applicant from <Link to="/EmployerJobManagement">your jobs</Link> and choose “Message”.
                </>
              ) : (
                <>
                  Employers you applied to can write to you here; you can also write to them from{' '}
                  <Link to="/jobseekerapplications">your applications</Link>.
                </>
              )}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="md" p={0}>
          {data.results.map((room) => (
            <RoomRow key={room.id} room={room} role={session.role} me={session.userid} />
          ))}
        </Card>
      )}
    </Page>
  );
}

export const JobseekerChatListScreen = ChatListScreen;
export const EmployerChatListScreen = ChatListScreen;
