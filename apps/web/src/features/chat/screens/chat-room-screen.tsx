// size: not split yet (issue 48): Conversation is 188 lines; its message list and live-event wiring are the next sections to move out.
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, Card, Container, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { ChatRoomOut } from '@jobportal/shared';
import { LoadFailed } from '../../../components/load-failed';
import { usePageTitle } from '../../../components/use-page-title';
import { onLiveConnection } from '../../../lib/live/live-socket';
import { useSession } from '../../../lib/session/use-session';
import { useApiDispatch } from '../../../lib/api/api-slice';
import {
  chatApi,
  mergeMessages,
  useGetChatMessagesQuery,
  useGetChatRoomQuery,
  useLazyGetMessagesPageQuery,
  useMarkChatReadMutation,
  useSendChatMessageMutation,
  type RoomMessages,
} from '../api/chat-api';
import { chatBase, dayKey, dayLabel, isOwnSide, newClientId, otherParty } from '../components/chat-format';
import classes from './chat.module.css';
import { useTyping, Bubble, Composer, RoomHeader } from '../components/chat-room-parts';

function Conversation({ room, roomId }: { room: ChatRoomOut; roomId: number }) {
  const session = useSession();
  const role = session.role;
  const dispatch = useApiDispatch();
  const { data, isLoading, isError, error, refetch } = useGetChatMessagesQuery(roomId);
  const [fetchPage] = useLazyGetMessagesPageQuery();
  const [sendMessage] = useSendChatMessageMutation();
  const [markRead] = useMarkChatReadMutation();
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const history = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const wasNearBottom = useRef(true);
  const { typist, signal, clear } = useTyping(roomId);
  const messages = useMemo(() => data?.messages ?? [], [data]);
  const patch = useCallback(
    (change: (list: RoomMessages) => void) => dispatch(chatApi.util.updateQueryData('getChatMessages', roomId, change)),
    [dispatch, roomId],
  );

  const send = useCallback(
    (content: string, clientId = newClientId()) => {
      void sendMessage({ roomId, content, clientId });
    },
    [roomId, sendMessage],
  );

  // Paging back: older messages join at the top and the view stays where it was.
  const loadOlder = useCallback(async () => {
    const oldest = messages.find((m) => !m.delivery);
    if (!data?.hasOlder || !oldest || isLoadingOlder) return;
    setLoadingOlder(true);
    const box = history.current;
    keepFromBottom.current = box ? box.scrollHeight - box.scrollTop : null;
    try {
      const page = await fetchPage({ roomId, before: oldest.id }).unwrap();
      patch((list) => {
        mergeMessages(list, page.results);
        list.hasOlder = page.next !== null;
      });
    } finally {
      setLoadingOlder(false);
    }
  }, [data?.hasOlder, fetchPage, isLoadingOlder, messages, patch, roomId]);

  // After a reconnection: catch up from the last stored message, and send what waited offline.
  useEffect(() => {
    const catchUp = async () => {
      let after = [...messages].reverse().find((m) => !m.delivery)?.id;
      if (after === undefined) return void refetch();
      for (let pages = 0; pages < 20; pages++) {
        const page = await fetchPage({ roomId, after }).unwrap();
        patch((list) => mergeMessages(list, page.results));
        if (!page.next || !page.results.length) break;
        after = page.results[0]!.id;
      }
    };
    const resendWaiting = () => {
      for (const m of messages) if (m.delivery === 'failed' && m.client_id) send(m.content, m.client_id);
    };
    const stop = onLiveConnection((isConnected) => {
      if (!isConnected) return;
      void catchUp().catch(() => undefined);
      resendWaiting();
    });
    window.addEventListener('online', resendWaiting);
    return () => {
      stop();
      window.removeEventListener('online', resendWaiting);
    };
  }, [fetchPage, messages, patch, refetch, roomId, send]);

  // Reading: the other side's newest message marks everything up to it read ("Seen" for them).
  const newestFromThem = useMemo(
    () => [...messages].reverse().find((m) => !m.delivery && !isOwnSide(m, room, role)),
    [messages, room, role],
  );
  useEffect(() => {
    if (!newestFromThem || newestFromThem.read_at !== null) return undefined;
    const read = () => {
      if (document.visibilityState === 'visible') void markRead({ roomId, upTo: newestFromThem.id });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [markRead, newestFromThem, roomId]);
  useEffect(() => {
    if (newestFromThem) clear();
    // A message from the typist ends their typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestFromThem?.id]);

  // Scrolling: to the newest at first and when a message arrives while near the bottom.
  useLayoutEffect(() => {
    const box = history.current;
    if (!box) return;
    if (keepFromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (wasNearBottom.current || messages.at(-1)?.delivery) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages, typist]);
  const onScroll = () => {
    const box = history.current;
    if (!box) return;
    wasNearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    if (box.scrollTop < 60) void loadOlder();
  };

  const lastOwnSeen = useMemo(() => {
    const own = messages.filter((m) => !m.delivery && isOwnSide(m, room, role));
    const last = own.at(-1);
    return last && last.read_at ? last.id : null;
  }, [messages, room, role]);

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
      <div ref={history} className={classes.history} onScroll={onScroll} role="log" aria-live="polite" aria-label="Messages">
        {data.hasOlder ? (
          <Group justify="center" my="xs">
            <Button variant="subtle" size="xs" onClick={() => void loadOlder()} loading={isLoadingOlder}>
              Show earlier messages
            </Button>
          </Group>
        ) : messages.length > 0 ? (
          <Text size="xs" c="dimmed" ta="center" my="xs">
            The start of your conversation
          </Text>
        ) : null}
        {messages.length === 0 && (
          <Stack align="center" gap={4} my="xl">
            <Text fw={600}>No messages yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              Write the first one below.
            </Text>
          </Stack>
        )}
        {messages.map((m, i) => {
          const previous = messages[i - 1];
          const newDay = !previous || dayKey(previous.created_at) !== dayKey(m.created_at);
          const own = isOwnSide(m, room, role);
          // In the company's view, colleagues' messages name who wrote them.
          const showSender = role === 'employer' ? own && m.sender.id !== session.userid && previous?.sender.id !== m.sender.id : false;
          return (
            <Fragment key={m.client_id && m.delivery ? `c-${m.client_id}` : m.id}>
              {newDay && (
                <div className={classes.day} role="separator">
                  {dayLabel(m.created_at)}
                </div>
              )}
              <Bubble
                message={m}
                own={own}
                showSender={showSender || (newDay && role === 'employer' && own && m.sender.id !== session.userid)}
                onRetry={() => send(m.content, m.client_id ?? undefined)}
              />
              {m.id === lastOwnSeen && <div className={classes.status}>Seen</div>}
            </Fragment>
          );
        })}
        {typist && (
          <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
            {typist} is typing…
          </Text>
        )}
        {isLoadingOlder && <Loader size="xs" />}
      </div>
      <Composer onSend={(text) => send(text)} onTyping={signal} />
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
