import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { NotificationOut } from '@jobportal/shared';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { BellIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { formatRecent } from '../../../lib/format';
import {
  useGetNotificationsPageQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../api/notifications-api';
import classes from '../components/notification-bell.module.css';

const pageSize = 20;

function Row({ item, onOpen, onMarkRead }: { item: NotificationOut; onOpen: () => void; onMarkRead: () => void }) {
  return (
    <Group wrap="nowrap" gap="xs" align="center">
      <UnstyledButton onClick={onOpen} className={classes.item} data-unread={!item.is_read || undefined} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <span className={classes.dot} aria-hidden="true" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={item.is_read ? 400 : 600}>
              {item.message}
            </Text>
            <Text size="xs" c="dimmed">
              {formatRecent(item.created_at)}
              {!item.is_read && ' · unread'}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      {!item.is_read && (
        <Button variant="subtle" size="compact-xs" mr="sm" onClick={onMarkRead} aria-label={`Mark read: ${item.message}`}>
          Mark read
        </Button>
      )}
    </Group>
  );
}

/** Every notification, newest first, a page at a time; open one, mark one or all read. */
export function NotificationsScreen() {
  usePageTitle('Notifications');
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const listQuery = useGetNotificationsPageQuery(page);
  const { data } = listQuery;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, { isLoading: isMarking }] = useMarkAllNotificationsReadMutation();
  const unread = data?.unread_count ?? 0;

  return (
    <Page size="md">
      <PageHeader
        title="Notifications"
        description={data ? (unread ? `${unread} unread of ${data.count}` : `${data.count} in all, none unread`) : undefined}
        actions={
          <Button variant="light" disabled={!unread} loading={isMarking} onClick={() => void markAll()}>
            Mark all as read
          </Button>
        }
      />
      <ListFrame
        query={listQuery}
        failedTitle="Your notifications could not be loaded"
        skeleton={
          <Stack gap="sm" p="md">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h={56} radius="md" />
            ))}
          </Stack>
        }
        rows={
          <Stack gap={0}>
            {data?.results.map((item) => (
              <Row
                key={item.id}
                item={item}
                onMarkRead={() => void markRead(item.id)}
                onOpen={() => {
                  if (!item.is_read) void markRead(item.id);
                  if (item.link) void navigate(item.link);
                }}
              />
            ))}
          </Stack>
        }
        empty={
          <EmptyState
            icon={<BellIcon size={24} />}
            title="Nothing yet"
            description="We will tell you here when something happens to your applications, jobs or conversations."
          />
        }
        page={page}
        pageSize={pageSize}
        onPage={setPage}
      />
    </Page>
  );
}
