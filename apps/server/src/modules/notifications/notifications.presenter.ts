import type { z } from 'zod';
import type { notificationOut } from '@jobportal/shared';
import type { NotificationRow } from './notifications.repository';

export function presentNotification(row: NotificationRow): z.infer<typeof notificationOut> {
  return { id: row.id, type: row.type, message: row.message, link: row.link, is_read: row.isRead, created_at: row.createdAt.toISOString() };
}
