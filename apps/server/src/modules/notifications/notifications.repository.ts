import { and, count, desc, eq, not } from 'drizzle-orm';
import type { PaginationQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'type' | 'message' | 'link'>;

export async function insertNotification(db: Db, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

export async function findNotifications(
  db: Db,
  userId: number,
  q: PaginationQuery,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), not(notifications.isRead))),
  ]);
  return { rows, total: totals?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks the user's own notification read; undefined when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}
