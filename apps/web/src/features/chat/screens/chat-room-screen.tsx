import { Anchor, Card, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { ChatRoomOut } from '@jobportal/shared';
import { LoadFailed } from '../../../components/load-failed';
import { usePageTitle } from '../../../components/use-page-title';
import { useSession } from '../../../lib/session/use-session';
import { useGetChatRoomQuery } from '../api/chat-api';
import { chatBase, otherParty } from '../components/chat-format';
import { Composer, RoomHeader } from '../components/chat-room-parts';
import { MessageLog } from '../components/message-log';
import { useConversation } from '../components/use-conversation';
import classes from './chat.module.css';

function Conversation({ room, roomId }: { room: ChatRoomOut; roomId: number }) {
  const session = useSession();
  const c = useConversation(room, roomId);
  const { data, isLoading, isError, error, refetch } = c.query;
  if (isLoading) {
    return (
      <Stack className={classes.history} gap="sm">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={36} w={`${40 + ((i * 17) % 40)}%`} radius="xl" ml={i % 2 ? 'auto' : 0} />
        ))}
      </Stack>
    );
  }
  if (isError || !data) {
    return (
      <div className={classes.history}>
        <LoadFailed title="The messages could not be loaded" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <>
      <MessageLog
        room={room}
        role={session.role}
        userId={session.userid}
        messages={c.messages}
        hasOlder={data.hasOlder}
        isLoadingOlder={c.isLoadingOlder}
        loadOlder={() => void c.loadOlder()}
        lastOwnSeen={c.lastOwnSeen}
        typist={c.typist}
        onRetry={(m) => c.send(m.content, m.client_id ?? undefined)}
        history={c.history}
        onScroll={c.onScroll}
      />
      <Composer onSend={(text) => c.send(text)} onTyping={c.signal} />
    </>
  );
}

/** A conversation: history paged back on scroll, live messages, typing, "Seen", optimistic sending. */
function ChatRoomScreen() {
  const { roomId: raw } = useParams();
  const roomId = Number(raw);
  const session = useSession();
  const isValid = Number.isInteger(roomId) && roomId > 0;
  const { data: room, isLoading, isError, error, refetch } = useGetChatRoomQuery(roomId, { skip: !isValid });
  usePageTitle(room ? otherParty(room, session.role).name : 'Conversation');

  return (
    <Container size="md" px={{ base: 0, xs: 'md' }} py={{ base: 0, xs: 'md' }}>
      <Card withBorder radius="md" p={0} className={classes.room}>
        {!isValid || (isError && (error as { status?: number } | undefined)?.status === 404) ? (
          <Stack align="center" gap="xs" p="xl">
            <Text fw={600}>This conversation is not available</Text>
            <Anchor component={Link} to={chatBase(session.role)}>
              See your conversations
            </Anchor>
          </Stack>
        ) : isLoading || !room ? (
          isError ? (
            <LoadFailed m="md" title="This conversation could not be loaded" error={error} onRetry={() => void refetch()} />
          ) : (
            <Group className={classes.roomHeader} gap="sm">
              <Skeleton circle h={36} w={36} />
              <Skeleton h={14} w={160} />
            </Group>
          )
        ) : (
          <>
            <RoomHeader room={room} role={session.role} />
            <Conversation room={room} roomId={roomId} />
          </>
        )}
      </Card>
    </Container>
  );
}

export const JobseekerChatRoomScreen = ChatRoomScreen;
export const EmployerChatRoomScreen = ChatRoomScreen;
