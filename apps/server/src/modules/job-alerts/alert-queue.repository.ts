import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobAlertMatches, jobAlertPublications, jobAlertQueue, jobAlerts, jobSearch, notifications, serverKeys } from '../../db/schema';
import { publicSearchRowCondition } from '../jobs';
import { matchingAlertsQuery } from './percolator.repository';

/**
 * Records whether these jobs (one, or a company's) are public now, and queues those that just
 * became so: posted open, reopened, their company approved. A job that stays public (an edit) or
 * stays hidden is not queued; two processes hearing of one change queue it once (the row's lock).
 * A job older than alerts (migration 0035's `job_alerts_since_job`) is only recorded the first time.
 * Answers the queued job ids.
 */
export async function recordPublication(db: Db, target: { jobId: number } | { companyId: number }, today: string): Promise<number[]> {
  const which = 'jobId' in target ? sql`${jobSearch.id} = ${target.jobId}` : sql`${jobSearch.companyId} = ${target.companyId}`;
  const rows = await queryRows<{ job_id: number }>(
    db,
    sql`with since as (
          select value::int as job_id from ${serverKeys} where name = 'job_alerts_since_job'
        ), now_state as (
          select ${jobSearch.id} as job_id, ${publicSearchRowCondition(today)} as is_public from ${jobSearch} where ${which}
        ), changed as (
          insert into ${jobAlertPublications} as p (job_id, is_public) select job_id, is_public from now_state
          on conflict (job_id) do update set is_public = excluded.is_public, changed_at = now()
            where p.is_public is distinct from excluded.is_public
          returning p.job_id, p.is_public, (p.xmax = 0) as is_first
        )
        insert into ${jobAlertQueue} (job_id) select job_id from changed
        where is_public and (not is_first or job_id > coalesce((select job_id from since), 0)) order by job_id
        returning job_id`,
  );
  return rows.map((r) => r.job_id);
}

export interface QueuedJob {
  id: number;
  jobId: number;
  enqueuedAt: Date;
}

/** Takes up to `max` queued jobs, oldest first, for this transaction: other processes skip them; a rollback gives them back. */
export async function claimQueued(tx: Db, max: number): Promise<QueuedJob[]> {
  const rows = await queryRows<{ id: number | string; job_id: number; enqueued_at: string | Date }>(
    tx,
    sql`delete from ${jobAlertQueue} where id in (
          select id from ${jobAlertQueue} order by id limit ${max} for update skip locked
        ) returning id, job_id, enqueued_at`,
  );
  return rows.map((r) => ({ id: Number(r.id), jobId: r.job_id, enqueuedAt: new Date(r.enqueued_at) })).sort((a, b) => a.id - b.id);
}

/** How many jobs wait in the queue, and since when the oldest (the benchmark's lag). */
export async function queueState(db: Db): Promise<{ waiting: number; oldest: Date | null }> {
  const [row] = await queryRows<{ n: number; oldest: string | Date | null }>(
    db,
    sql`select count(*)::int as n, min(enqueued_at) as oldest from ${jobAlertQueue}`,
  );
  return { waiting: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Writes a match for every alert the job matches that has none with it yet (the unique key makes
 * this once per alert and job, whatever processes and restarts); answers the alerts newly matched.
 */
export async function insertMatches(tx: Db, jobId: number, tokens: string[]): Promise<number[]> {
  const rows = await queryRows<{ alert_id: number }>(
    tx,
    sql`insert into ${jobAlertMatches} (alert_id, job_id)
        select matched.id, ${jobId} from (${matchingAlertsQuery(jobId, tokens)}) as matched
        on conflict (alert_id, job_id) do nothing
        returning alert_id`,
  );
  return rows.map((r) => r.alert_id);
}

/** The in-app notice's words: "3 new jobs for 'python berlin'". */
const noticeMessage = (count: string, name: string) =>
  sql`format('%s new job%s for ''%s''', ${sql.raw(count)}, case when ${sql.raw(count)} = 1 then '' else 's' end, ${sql.raw(name)})`;

/**
 * After new matches (alert id → how many): each in-app alert's notice says so. While its notice is
 * unread it is updated ("5 new jobs for …", pushed again as new); else a new one is written. At
 * once alerts by e-mail are given a time to send: now, or an hour after their last e-mail. The
 * alerts are locked in id order first, so two processes never write two notices for one alert.
 */
export async function afterMatches(tx: Db, fresh: Map<number, number>): Promise<{ notices: number }> {
  if (!fresh.size) return { notices: 0 };
  const ids = [...fresh.keys()].sort((a, b) => a - b);
  await tx.execute(sql`select id from ${jobAlerts} where id = any(${sql.param(ids)}::int[]) order by id for update`);
  const counts = JSON.stringify(ids.map((id) => ({ alert_id: id, n: fresh.get(id) })));
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with fresh as (
          select * from jsonb_to_recordset(${counts}::jsonb) as f(alert_id int, n int)
        ), a as (
          select a.id, a.user_id, a.name, f.n, a.notice_jobs, open_notice.id as open_notice
          from ${jobAlerts} a join fresh f on f.alert_id = a.id
          left join ${notifications} open_notice on open_notice.id = a.notice_id and not open_notice.is_read
          where a.in_app and a.user_id is not null
        ), updated as (
          update ${notifications} n set message = ${noticeMessage('(a.notice_jobs + a.n)', 'a.name')}, created_at = now(), pushed_at = null
          from a where n.id = a.open_notice
          returning n.id
        ), inserted as (
          insert into ${notifications} (user_id, type, message, link)
          select a.user_id, 'job_alert_matches', ${noticeMessage('a.n', 'a.name')}, '/alerts/' || a.id from a where a.open_notice is null
          returning id, link
        ), noted as (
          update ${jobAlerts} x set
            notice_id = coalesce((select i.id from inserted i where i.link = '/alerts/' || x.id), x.notice_id),
            notice_jobs = case when a.open_notice is null then a.n else a.notice_jobs + a.n end
          from a where x.id = a.id
          returning x.id
        )
        select id from updated union all select id from inserted`,
  );
  await tx.execute(sql`update ${jobAlerts} set next_email_at = greatest(now(), coalesce(last_emailed_at + interval '1 hour', now()))
    where id = any(${sql.param(ids)}::int[]) and by_email and frequency = 'instant' and next_email_at is null
      and confirmed_at is not null and not paused`);
  return { notices: rows.length };
}
