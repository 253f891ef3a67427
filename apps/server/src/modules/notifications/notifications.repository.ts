import { and, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { PaginationQuery } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'type' | 'message' | 'link'>;

export async function insertNotification(db: Db, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

/** Several notifications in one statement. */
/**
 * An INSERT of notification rows for a data-modifying CTE: written only when `when` holds, in the
 * statement (and so the transaction) of the change they announce.
 */
export function insertNoticesWhen(rows: NewNotification[], when: SQL): SQL {
  const json = JSON.stringify(rows.map((r) => ({ user_id: r.userId, type: r.type, message: r.message, link: r.link ?? null })));
  return sql`(insert into ${notifications} (user_id, type, message, link)
    select n.user_id, n.type, n.message, n.link
    from jsonb_to_recordset(${json}::jsonb) as n (user_id int, type text, message text, link text)
    where ${when})`;
}

export async function insertNotifications(db: Db, values: NewNotification[]): Promise<void> {
  if (values.length) await db.insert(notifications).values(values);
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

/** Marks the user's unread notifications read (all of them, or those of one link); answers their ids. */
export async function markAllRead(db: Db, userId: number, link?: string): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), not(notifications.isRead), link === undefined ? undefined : eq(notifications.link, link)))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/** The user's unread notifications of these types (those of `ids` only, when given). */
export async function findUnread(db: Db, userId: number, types: string[], ids?: number[]): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        not(notifications.isRead),
        inArray(notifications.type, types),
        ids === undefined ? undefined : inArray(notifications.id, ids),
      ),
    );
}

/** New words for notifications (id → message). */
export async function setMessages(db: Db, rows: Array<{ id: number; message: string }>): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`update ${notifications} n set message = v.message
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v (id int, message text) where n.id = v.id`);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), not(notifications.isRead)));
  return row?.n ?? 0;
}

/**
 * Claims notifications not yet pushed live (any module's, oldest first) and marks them pushed, in one
 * statement; SKIP LOCKED lets several processes share the work without pushing a row twice.
 */
export async function claimUnpushed(db: Db, max: number): Promise<NotificationRow[]> {
  const rows = await db
    .update(notifications)
    .set({ pushedAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        sql`(select id from ${notifications} where pushed_at is null order by id limit ${max} for update skip locked)`,
      ),
    )
    .returning()
    .prepare('notifications_claim_unpushed')
    .execute();
  return rows.sort((x, y) => x.id - y.id);
}

/** One notification for every active administrator (e.g. a company waiting for approval). */
export async function insertNotificationForAdmins(db: Db, values: Omit<NewNotification, 'userId'>): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into notifications (user_id, type, message, link)
        select u.id, ${values.type}, ${values.message}, ${values.link ?? null} from users u where u.role = 'admin' and u.is_active
        returning id`,
  );
  return rows.length;
}
