import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  jobAlertPublications,
  jobAlertQueue,
  jobAlertSearchMatches,
  jobAlerts,
  jobSearch,
  notifications,
  serverKeys,
} from '../../db/schema';
import { publicSearchRowCondition } from '../jobs';
import { matchingSearchesQuery } from './percolator.repository';

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
 * Writes a match for every search the job matches that has none with it yet (the key makes this
 * once per search and job, whatever processes and restarts); answers the searches newly matched.
 */
export async function insertMatches(tx: Db, jobId: number, tokens: string[]): Promise<number[]> {
  const rows = await queryRows<{ search_id: number }>(
    tx,
    sql`insert into ${jobAlertSearchMatches} (search_id, job_id)
        select matched.id, ${jobId} from (${matchingSearchesQuery(jobId, tokens)}) as matched
        on conflict (search_id, job_id) do nothing
        returning search_id`,
  );
  return rows.map((r) => r.search_id);
}

/**
 * After new matches (search id → how many new jobs): every live in-app alert of those searches
 * without an unread notice gets one ("2 new jobs for …"; the notices' count is worked out when read,
 * `noticeWords`, so more jobs rewrite nothing); at once alerts by e-mail not yet due are given a time
 * to send: now, or an hour after their last e-mail. Writes follow the alerts that change, not the
 * matches. Answers the notices written and every owner of those alerts (their screens are told).
 */
export async function afterMatches(tx: Db, fresh: Map<number, number>): Promise<{ notices: number; userIds: number[] }> {
  if (!fresh.size) return { notices: 0, userIds: [] };
  const counts = JSON.stringify([...fresh].map(([searchId, n]) => ({ search_id: searchId, n })));
  const rows = await queryRows<{ kind: 'notice' | 'user'; id: number }>(
    tx,
    sql`with fresh as (
          select * from jsonb_to_recordset(${counts}::jsonb) as f(search_id int, n int)
        ), a as (
          select a.id, a.user_id, a.name, f.n, a.in_app, a.by_email, a.frequency, a.next_email_at
          from ${jobAlerts} a join fresh f on f.search_id = a.search_id
          where a.matches_since is not null and not a.paused
        ), told as (
          select * from a where a.in_app and a.user_id is not null
        ), inserted as (
          insert into ${notifications} (user_id, type, message, link)
          -- The words noticeMessage (alert-notices.ts) gives it when it is shown with a count of now.
          select t.user_id, 'job_alert_matches', format('%s new job%s for ''%s''', t.n, case when t.n = 1 then '' else 's' end, t.name), '/alerts/' || t.id
          from told t
          where not exists (
            select 1 from ${notifications} o
            where o.user_id = t.user_id and o.link = '/alerts/' || t.id and o.type = 'job_alert_matches' and not o.is_read
          )
          on conflict (user_id, link) where type = 'job_alert_matches' and not is_read do nothing
          returning id
        ), due as (
          -- Runs whether or not it is read (a data-modifying CTE): at once alerts by e-mail get their send time.
          update ${jobAlerts} x set next_email_at = greatest(now(), coalesce(x.last_emailed_at + interval '1 hour', now()))
          from a where x.id = a.id and a.by_email and a.frequency = 'instant' and a.next_email_at is null
        )
        select 'notice' as kind, id from inserted
        union all select 'user', user_id from (select distinct user_id from told) as users`,
  );
  return {
    notices: rows.filter((r) => r.kind === 'notice').length,
    userIds: rows.filter((r) => r.kind === 'user').map((r) => r.id),
  };
}
