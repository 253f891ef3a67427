import type { NotificationOut } from '@jobportal/shared';
import type { NotificationRow } from './notifications.repository';

export function presentNotification(row: NotificationRow): NotificationOut {
  return { id: row.id, type: row.type, message: row.message, link: row.link, is_read: row.isRead, created_at: row.createdAt.toISOString() };
}

/**
 * The words of unread notices whose count changes without their row being rewritten (a job alert's
 * "3 new jobs for …"), worked out when they are listed or pushed: the rows of one type → their
 * words by notification id (a row left out keeps the words it was written with).
 */
export type NoticeWords = (rows: NotificationRow[]) => Promise<Map<number, string>>;
export type PresentNotices = (rows: NotificationRow[]) => Promise<NotificationOut[]>;

/** Presents notification rows, the unread ones of the given types in the words worked out now. */
export function noticesPresenter(words: Record<string, NoticeWords> = {}): PresentNotices {
  return async (rows) => {
    const worded = new Map<number, string>();
    for (const [type, toWords] of Object.entries(words)) {
      const unread = rows.filter((r) => r.type === type && !r.isRead);
      if (unread.length) for (const [id, text] of await toWords(unread)) worded.set(id, text);
    }
    return rows.map((r) => presentNotification({ ...r, message: worded.get(r.id) ?? r.message }));
  };
}
