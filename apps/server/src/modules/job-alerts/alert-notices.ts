import type { Db } from '../../db/client';
import { utcToday } from '../../lib/dates';
import type { NoticeWords } from '../notifications';
import { countNewMatches, noticeCountCap } from './job-alerts.repository';

/** The in-app notice's words: "3 new jobs for 'python berlin'" ("100+ new jobs" from the cap on). */
export const noticeMessage = (count: number, name: string) =>
  `${count >= noticeCountCap ? `${noticeCountCap}+` : count} new job${count === 1 ? '' : 's'} for '${name}'`;

/**
 * An alert's unread notice counts its new jobs when it is shown (listed or pushed), so more jobs for
 * an alert rewrite no row (decision 024). The notice's link names its alert (`/alerts/{id}`).
 */
export function alertNoticeWords(db: Db): NoticeWords {
  return async (rows) => {
    const alertOf = new Map(rows.map((r) => [r.id, Number(/^\/alerts\/(\d+)$/.exec(r.link ?? '')?.[1])]));
    const ids = [...new Set(alertOf.values())].filter(Number.isInteger);
    const counts = ids.length ? await countNewMatches(db, ids, utcToday()) : new Map<number, never>();
    const words = new Map<number, string>();
    for (const row of rows) {
      const alert = counts.get(alertOf.get(row.id)!);
      if (alert && alert.userId === row.userId && alert.n > 0) words.set(row.id, noticeMessage(alert.n, alert.name));
    }
    return words;
  };
}
