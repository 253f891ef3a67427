import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import type { NotificationOut } from '@jobportal/shared';
import { BellIcon } from '../../../components/more-icons';
import { formatRecent } from '../../../lib/format';
import { useGetNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '../api/notifications-api';
import classes from './notification-bell.module.css';

function NotificationItem({ item, onOpen }: { item: NotificationOut; onOpen: (item: NotificationOut) => void }) {
  return (
    <UnstyledButton className={classes.item} data-unread={!item.is_read || undefined} onClick={() => onOpen(item)}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} aria-hidden="true" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={item.is_read ? 400 : 600} lh={1.35}>
            {item.message}
          </Text>
          <Text size="xs" c="dimmed">
            {formatRecent(item.created_at)}
            {!item.is_read && <VisuallyHidden> · unread</VisuallyHidden>}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The header's bell: how many notifications are unread, and the newest ones, each opening what it is
 * about. Live: new ones arrive over the socket (features/notifications/live), no polling.
 */
export default function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const unread = data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications: ${unread} unread` : 'Notifications';

  const open = (item: NotificationOut) => {
    if (!item.is_read) void markRead(item.id);
    setOpened(false);
    if (item.link) void navigate(item.link);
  };

  return (
    // The count badge wraps the popover, not its target: the target's popup attributes
    // (aria-expanded, aria-controls) belong on the button, where a div may not carry them.
    <Indicator label={unread > 99 ? '99+' : unread} size={18} offset={6} disabled={unread === 0} color="red" withBorder>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withArrow trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size={36}
            radius="md"
            aria-label={label}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <BellIcon size={18} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="md" py="sm" className={classes.header}>
            <Text fw={600} size="sm">
              Notifications
            </Text>
            {unread > 0 && (
              <Anchor component="button" type="button" size="xs" onClick={() => void markAllRead()}>
                Mark all read ({unread})
              </Anchor>
            )}
          </Group>
          {isLoading ? (
            <Group justify="center" py="lg">
              <Loader size="sm" />
            </Group>
          ) : isError || !data ? (
            <Stack align="center" gap={6} py="lg" px="md">
              <Text size="sm">Your notifications could not be loaded.</Text>
              <Anchor component="button" type="button" size="sm" onClick={() => void refetch()}>
                Try again
              </Anchor>
            </Stack>
          ) : data.results.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg" px="md">
              Nothing yet. We will tell you here when something happens to your applications or jobs.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={380} type="auto">
              <Stack gap={0} py={4}>
                {data.results.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={open} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Box px="md" py="xs" className={classes.header}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setOpened(false);
                void navigate('/notifications');
              }}
            >
              See all notifications
            </Anchor>
          </Box>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
