import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import type { ChatRoomOut, Role } from '@jobportal/shared';
import { limits } from '@jobportal/shared/vocabulary';
import { liveSocket } from '../../../lib/live/live-socket';
import { type ShownMessage } from '../api/chat-api';
import { chatBase, formatTime, otherParty } from './chat-format';
import { MessageText } from './message-text';
import { PartyAvatar } from './party-avatar';
import classes from '../screens/chat.module.css';

export const typingEverySeconds = 3;

export const typingShownSeconds = 5;

export function useTyping(roomId: number) {
  const [typist, setTypist] = useState<string | null>(null);
  useEffect(() => {
    const socket = liveSocket();
    if (!socket) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onTyping = ({ room, user }: { room: number; user: { full_name: string } }) => {
      if (room !== roomId) return;
      setTypist(user.full_name);
      clearTimeout(timer);
      timer = setTimeout(() => setTypist(null), typingShownSeconds * 1000);
    };
    socket.on('typing', onTyping);
    return () => {
      clearTimeout(timer);
      socket.off('typing', onTyping);
    };
  }, [roomId]);
  const lastSent = useRef(0);
  const signal = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < typingEverySeconds * 1000) return;
    lastSent.current = now;
    liveSocket()?.emit('typing', { room: roomId });
  }, [roomId]);
  return { typist, signal, clear: () => setTypist(null) };
}

export function Bubble({
  message,
  own,
  showSender,
  onRetry,
}: {
  message: ShownMessage;
  own: boolean;
  showSender: boolean;
  onRetry: () => void;
}) {
  return (
    <div className={classes.row} data-own={own || undefined} data-delivery={message.delivery}>
      <div className={classes.bubble}>
        {showSender && (
          <Text size="xs" fw={600} mb={2} c={own ? 'inherit' : 'dimmed'}>
            {message.sender.full_name}
          </Text>
        )}
        <MessageText content={message.content} />
        <div className={classes.meta}>
          <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
          {message.delivery === 'sending' && <span>Sending…</span>}
        </div>
        {message.delivery === 'failed' && (
          <Group gap={6} justify="flex-end" mt={4}>
            <Text size="xs" fw={600}>
              Not sent.
            </Text>
            <Anchor component="button" type="button" size="xs" c="inherit" underline="always" onClick={onRetry}>
              Retry
            </Anchor>
          </Group>
        )}
      </div>
    </div>
  );
}

export function Composer({ onSend, onTyping }: { onSend: (text: string) => void; onTyping: () => void }) {
  const [text, setText] = useState('');
  const isEmpty = text.trim().length === 0;
  const send = () => {
    if (isEmpty || text.length > limits.chatMessageMax) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const left = limits.chatMessageMax - text.length;
  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label="Message"
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={limits.chatMessageMax}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
          description={left < 200 ? `${left} characters left` : undefined}
          inputWrapperOrder={['input', 'description']}
        />
        <Button type="submit" disabled={isEmpty}>
          Send
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4} visibleFrom="sm">
        Enter sends, Shift+Enter starts a new line.
      </Text>
    </form>
  );
}

export function RoomHeader({ room, role }: { room: ChatRoomOut; role: Role | null }) {
  const party = otherParty(room, role);
  return (
    <Group className={classes.roomHeader} gap="sm" wrap="nowrap">
      <ActionIcon component={Link} to={chatBase(role)} variant="subtle" color="gray" aria-label="All conversations" size="lg">
        <span aria-hidden="true">←</span>
      </ActionIcon>
      <PartyAvatar room={room} role={role} size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {role === 'employer' ? (
            <Anchor component={Link} to={`/jobseekerprofile/${room.jobseeker.id}`} inherit>
              {party.name}
            </Anchor>
          ) : (
            party.name
          )}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {party.detail}
        </Text>
      </Stack>
    </Group>
  );
}
