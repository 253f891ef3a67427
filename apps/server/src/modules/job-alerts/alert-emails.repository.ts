import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobAlertSearchMatches, jobAlerts, users } from '../../db/schema';
import { findJobSummaries, publicJobCondition, type JobSummaryRecord } from '../jobs';
import type { AlertFrequency } from '@jobportal/shared';

export interface DueAlert {
  id: number;
  name: string;
  frequency: AlertFrequency;
  tokenSalt: string;
  /** Where the e-mail goes: the visitor's address or the account's; null: nowhere (closed account, e-mail off, paused). */
  to: string | null;
  timeZone: string;
  criteria: Record<string, string>;
}

/**
 * Takes up to `max` alerts whose e-mail is due at `now` for this transaction (FOR UPDATE SKIP
 * LOCKED: another process takes others), with where their e-mail goes.
 */
export async function claimDueEmails(tx: Db, now: Date, max: number): Promise<DueAlert[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    frequency: AlertFrequency;
    token_salt: string;
    to: string | null;
    time_zone: string | null;
    criteria: Record<string, string>;
  }>(
    tx,
    sql`with due as (
          select id from ${jobAlerts} where next_email_at <= ${now.toISOString()}::timestamptz
          order by next_email_at limit ${max} for update skip locked
        )
        select a.id, a.name, a.frequency, a.token_salt, a.criteria,
          case when not a.by_email or a.paused or a.confirmed_at is null then null
               when a.user_id is null then a.email_address
               when u.is_active and u.deleted_at is null then u.email end as "to",
          coalesce(u.time_zone, a.time_zone) as time_zone
        from due join ${jobAlerts} a on a.id = due.id left join ${users} u on u.id = a.user_id
        order by a.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    frequency: r.frequency,
    tokenSalt: r.token_salt,
    to: r.to,
    timeZone: r.time_zone ?? 'UTC',
    criteria: r.criteria,
  }));
}

/**
 * An alert's matches not yet e-mailed: its search's since `matches_since` written by transactions its
 * last e-mail's snapshot did not see, all taken now (the alert keeps this statement's snapshot, so a
 * match committed meanwhile waits for the next e-mail and none is taken twice). Answers the summaries
 * of those still public, newest first, up to `max`, and how many more public ones there were. A job
 * closed before the e-mail leaves is not in it.
 */
export async function takeUnemailed(
  tx: Db,
  alertId: number,
  today: string,
  max: number,
): Promise<{ jobs: JobSummaryRecord[]; more: number }> {
  const rows = await queryRows<{ job_id: number }>(
    tx,
    sql`with a as (
          select search_id, matches_since, emailed_snapshot as seen from ${jobAlerts} where id = ${alertId}
        ), taken as (
          select m.job_id, m.matched_at from ${jobAlertSearchMatches} m, a
          where m.search_id = a.search_id and m.matched_at >= a.matches_since
            and (a.seen is null or (m.xid >= pg_snapshot_xmin(a.seen) and not pg_visible_in_snapshot(m.xid, a.seen)))
        ), marked as (
          update ${jobAlerts} set emailed_snapshot = pg_current_snapshot() where id = ${alertId}
        )
        select taken.job_id from taken join jobs on jobs.id = taken.job_id join companies on companies.id = jobs.company_id
        where ${publicJobCondition(today)}
        order by taken.matched_at desc, taken.job_id desc`,
  );
  const ids = rows.map((r) => r.job_id);
  const summaries = await findJobSummaries(tx, ids.slice(0, max));
  return { jobs: ids.slice(0, max).flatMap((id) => summaries.get(id) ?? []), more: Math.max(0, ids.length - max) };
}

/** After an alert's e-mail: when it went (if one did) and when the next is due (null: when new matches come). */
export async function emailDone(tx: Db, alertId: number, sent: boolean, next: Date | null): Promise<void> {
  await tx.execute(sql`update ${jobAlerts} set next_email_at = ${next ? next.toISOString() : null}::timestamptz
    ${sent ? sql`, last_emailed_at = now()` : sql``} where id = ${alertId}`);
}

/** Matches waiting for an e-mail are passed over (e-mail turned on or resumed: only jobs from now on are sent). */
export async function skipUnemailed(db: Db, alertId: number): Promise<void> {
  await db.execute(sql`update ${jobAlerts} set emailed_snapshot = pg_current_snapshot() where id = ${alertId}`);
}
