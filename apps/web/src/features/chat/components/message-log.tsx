import { Fragment, type RefObject } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ChatRoomOut } from '@jobportal/shared';
import type { RoomMessages } from '../api/chat-api';
import classes from '../screens/chat.module.css';
import { dayKey, dayLabel, isOwnSide } from './chat-format';
import { Bubble } from './chat-room-parts';

interface MessageLogProps {
  room: ChatRoomOut;
  role: Parameters<typeof isOwnSide>[2];
  /** The signed-in person, whose own messages need no name. */
  userId: number | null;
  messages: RoomMessages['messages'];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  loadOlder: () => void;
  /** The last own message the other side has seen. */
  lastOwnSeen: number | null;
  typist: string | null;
  onRetry: (message: RoomMessages['messages'][number]) => void;
  history: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
}

/** The conversation's history as a live log: days, bubbles, who wrote (in a company's view), "Seen", typing. */
export function MessageLog(props: MessageLogProps) {
  const { room, role, userId, messages, lastOwnSeen, typist } = props;
  return (
    <div ref={props.history} className={classes.history} onScroll={props.onScroll} role="log" aria-live="polite" aria-label="Messages">
      {props.hasOlder ? (
        <Group justify="center" my="xs">
          <Button variant="subtle" size="xs" onClick={props.loadOlder} loading={props.isLoadingOlder}>
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
        const byColleague = role === 'employer' && own && m.sender.id !== userId;
        const showSender = byColleague && (previous?.sender.id !== m.sender.id || newDay);
        return (
          <Fragment key={m.client_id && m.delivery ? `c-${m.client_id}` : m.id}>
            {newDay && (
              <div className={classes.day} role="separator">
                {dayLabel(m.created_at)}
              </div>
            )}
            <Bubble message={m} own={own} showSender={showSender} onRetry={() => props.onRetry(m)} />
            {m.id === lastOwnSeen && <div className={classes.status}>Seen</div>}
          </Fragment>
        );
      })}
      {typist && (
        <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
          {typist} is typing…
        </Text>
      )}
      {props.isLoadingOlder && <Loader size="xs" />}
    </div>
  );
}
