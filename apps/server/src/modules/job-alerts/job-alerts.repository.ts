import { and, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PaginationQuery } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import {
  companies,
  jobAlertSearchMatches,
  jobAlertSearches,
  jobAlerts,
  jobs,
  notifications,
  users,
  type JobAlertRow,
} from '../../db/schema';
import { offsetOf } from '../../lib/pagination';
import { jobSummaryColumns, publicJobCondition, type JobSummaryRecord } from '../jobs';

export type AlertValues = Omit<typeof jobAlerts.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'matchesSince'> & {
  /** Usually the database's `now()`: matches are stamped by its clock. */
  matchesSince?: Date | SQL | null;
};

/** An alert with what its owner sees of its matches (public jobs only, as the matches list shows them). */
export interface AlertRecord extends JobAlertRow {
  newMatches: number;
  totalMatches: number;
  lastMatchAt: Date | null;
  /** The owner's account: address and zone (null for a visitor's alert). */
  account: { email: string; timeZone: string | null } | null;
}

/** An alert's matches (its search's since `matches_since`) whose jobs are public now. */
const publicMatches = (today: string, extra?: SQL) =>
  sql`from ${jobAlertSearchMatches} m join ${jobs} on ${jobs.id} = m.job_id join ${companies} on ${companies.id} = ${jobs.companyId}
      where m.search_id = ${jobAlerts.searchId} and m.matched_at >= ${jobAlerts.matchesSince} and ${publicJobCondition(today)}${extra ? sql` and ${extra}` : sql``}`;

/** How many of an alert's public matches are new (since its owner last opened them). */
const newMatchCount = (today: string) =>
  sql<number>`(select count(*)::int ${publicMatches(today, sql`m.matched_at > ${jobAlerts.seenAt}`)})`;

const recordColumns = (today: string) => ({
  alert: jobAlerts,
  newMatches: newMatchCount(today),
  totalMatches: sql<number>`(select count(*)::int ${publicMatches(today)})`,
  lastMatchAt: sql<string | null>`(select max(m.matched_at) ${publicMatches(today)})`,
  accountEmail: users.email,
  accountTimeZone: users.timeZone,
});

type RecordRow = {
  alert: JobAlertRow;
  newMatches: number;
  totalMatches: number;
  lastMatchAt: string | Date | null;
  accountEmail: string | null;
  accountTimeZone: string | null;
};
const toRecord = (r: RecordRow): AlertRecord => ({
  ...r.alert,
  newMatches: Number(r.newMatches),
  totalMatches: Number(r.totalMatches),
  lastMatchAt: r.lastMatchAt ? new Date(r.lastMatchAt) : null,
  account: r.accountEmail === null ? null : { email: r.accountEmail, timeZone: r.accountTimeZone },
});

function records(db: Db, today: string) {
  return db.select(recordColumns(today)).from(jobAlerts).leftJoin(users, eq(users.id, jobAlerts.userId));
}

export async function findAlert(db: Db, id: number, today: string): Promise<AlertRecord | undefined> {
  const [row] = await records(db, today).where(eq(jobAlerts.id, id)).limit(1);
  return row && toRecord(row);
}

/** A job seeker's alerts, newest first, and their new matches in all. */
export async function findAlertsOf(
  db: Db,
  userId: number,
  q: PaginationQuery,
  today: string,
): Promise<{ rows: AlertRecord[]; total: number; newMatches: number }> {
  const [rows, [totals]] = await Promise.all([
    records(db, today).where(eq(jobAlerts.userId, userId)).orderBy(desc(jobAlerts.id)).limit(q.page_size).offset(offsetOf(q)),
    db
      .select({
        n: count(),
        fresh: sql<number>`coalesce(sum(${newMatchCount(today)}), 0)::int`,
      })
      .from(jobAlerts)
      .where(eq(jobAlerts.userId, userId)),
  ]);
  return { rows: rows.map(toRecord), total: totals?.n ?? 0, newMatches: Number(totals?.fresh ?? 0) };
}

/** How many alerts an owner keeps: a job seeker's, or a visitor address's (those not joined to an account). */
export async function countAlerts(db: Db, owner: { userId: number } | { email: string }): Promise<number> {
  const where =
    'userId' in owner ? eq(jobAlerts.userId, owner.userId) : and(eq(jobAlerts.emailAddress, owner.email), isNull(jobAlerts.userId));
  const [row] = await db.select({ n: count() }).from(jobAlerts).where(where);
  return row?.n ?? 0;
}

export async function insertAlert(db: Db, values: AlertValues): Promise<number> {
  const [row] = await db.insert(jobAlerts).values(values).returning({ id: jobAlerts.id });
  return row!.id;
}

export async function updateAlert(db: Db, id: number, values: Partial<AlertValues>): Promise<void> {
  await db
    .update(jobAlerts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(jobAlerts.id, id));
}

export async function deleteAlert(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(jobAlerts).where(eq(jobAlerts.id, id)).returning({ id: jobAlerts.id });
  return rows.length > 0;
}

export interface MatchRecord {
  jobId: number;
  matchedAt: Date;
  isNew: boolean;
  job: JobSummaryRecord;
}

/** An alert's matches whose jobs are public now, newest first. */
export async function findMatches(
  db: Db,
  alert: Pick<JobAlertRow, 'searchId' | 'seenAt' | 'matchesSince'>,
  q: PaginationQuery,
  today: string,
): Promise<{ rows: MatchRecord[]; total: number }> {
  if (!alert.matchesSince) return { rows: [], total: 0 };
  const m = jobAlertSearchMatches;
  const where = and(eq(m.searchId, alert.searchId), gte(m.matchedAt, alert.matchesSince), publicJobCondition(today));
  const from = () =>
    db
      .select({
        jobId: m.jobId,
        matchedAt: m.matchedAt,
        isNew: sql<boolean>`${m.matchedAt} > ${alert.seenAt.toISOString()}::timestamptz`,
        job: jobSummaryColumns,
      })
      .from(m)
      .innerJoin(jobs, eq(jobs.id, m.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId));
  const [rows, [totals]] = await Promise.all([
    from().where(where).orderBy(desc(m.matchedAt), desc(m.jobId)).limit(q.page_size).offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(m)
      .innerJoin(jobs, eq(jobs.id, m.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/**
 * The owner opened the matches: they are no longer new, and the alert's unread notice is read,
 * keeping `words` (its count of then). Answers the notice read, if any.
 */
export async function markSeen(db: Db, alert: Pick<JobAlertRow, 'id' | 'userId'>, words: string | null): Promise<number | null> {
  if (alert.userId === null) return null;
  const rows = await queryRows<{ notice_id: number | null }>(
    db,
    sql`with seen as (
          update ${jobAlerts} set seen_at = now() where id = ${alert.id}
        ), read as (
          update ${notifications} set is_read = true, message = coalesce(${words}::text, message)
          where user_id = ${alert.userId} and link = ${`/alerts/${alert.id}`} and type = 'job_alert_matches' and not is_read
          returning id
        )
        select (select id from read) as notice_id`,
  );
  return rows[0]?.notice_id ?? null;
}

/** The most new jobs a notice counts ("100+ new jobs"): counting stops there, however long its owner stays away. */
export const noticeCountCap = 100;

/** These alerts' owners, names and how many new public matches each has, up to `noticeCountCap` (their notices' count). */
export async function countNewMatches(
  db: Db,
  alertIds: number[],
  today: string,
): Promise<Map<number, { userId: number | null; name: string; n: number }>> {
  const rows = await db
    .select({
      id: jobAlerts.id,
      userId: jobAlerts.userId,
      name: jobAlerts.name,
      n: sql<number>`(select count(*)::int from (select 1 ${publicMatches(today, sql`m.matched_at > ${jobAlerts.seenAt}`)} limit ${noticeCountCap}) as capped)`,
    })
    .from(jobAlerts)
    .where(inArray(jobAlerts.id, alertIds));
  return new Map(rows.map((r) => [r.id, { userId: r.userId, name: r.name, n: Number(r.n) }]));
}

/**
 * A visitor's confirmed alerts for the address of an account that just signed in become the
 * account's (a job seeker with a confirmed address), as many as its limit leaves room for.
 * Answers how many joined.
 */
export async function joinVisitorAlerts(db: Db, userId: number, max: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with account as (
          select id, email from ${users} where id = ${userId} and role = 'jobseeker' and email_verified and is_active and deleted_at is null
        ), room as (
          select greatest(${max} - (select count(*) from ${jobAlerts} where user_id = ${userId}), 0) as n
        ), joining as (
          select a.id from ${jobAlerts} a, account
          where a.user_id is null and a.email_address = account.email and a.confirmed_at is not null
          order by a.id limit (select n from room)
          for update of a skip locked
        )
        update ${jobAlerts} a set user_id = ${userId}, email_address = null, time_zone = null, in_app = true, updated_at = now()
        from joining where a.id = joining.id
        returning a.id`,
  );
  return rows.length;
}

/** The alerts of an account deleted by its owner (its row stays as a former member): they go. */
export async function deleteAlertsOf(db: Db, userId: number): Promise<void> {
  await db.delete(jobAlerts).where(eq(jobAlerts.userId, userId));
}

/** Visitors' alerts never confirmed within `days`: they go (the link has expired). */
export async function deleteUnconfirmed(db: Db, days: number, now: Date): Promise<number> {
  const rows = await db
    .delete(jobAlerts)
    .where(
      and(isNull(jobAlerts.confirmedAt), sql`${jobAlerts.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${days})`),
    )
    .returning({ id: jobAlerts.id });
  return rows.length;
}

/** The zone an account's browser last reported (null: not yet). */
export async function findAccountZone(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ zone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.zone ?? null;
}

/** The row of a search (made the first time any alert keeps it); answers its id. */
export async function ensureSearch(db: Db, search: Omit<typeof jobAlertSearches.$inferInsert, 'id'>): Promise<number> {
  const [row] = await db
    .insert(jobAlertSearches)
    .values(search)
    .onConflictDoUpdate({ target: jobAlertSearches.key, set: { key: sql`excluded.key` } })
    .returning({ id: jobAlertSearches.id });
  return row!.id;
}
