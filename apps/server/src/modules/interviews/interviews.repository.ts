import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, InterviewStatus } from '@jobportal/shared';
import type { Db } from '../../db/client';
import {
  applications,
  companies,
  companyMembers,
  interviewFeedbacks,
  interviewReminders,
  interviews,
  jobs,
  users,
  type InterviewRow,
} from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

const seeker = alias(users, 'seeker');
const interviewer = alias(users, 'interviewer');

/** An interview with the names its answers, e-mails and invites need. */
export interface InterviewRecord {
  interview: InterviewRow;
  jobTitle: string;
  companyName: string;
  /** `timeZone`: the person's own (their browser's), null until known; e-mails to them use it. */
  jobseeker: { id: number; fullName: string; email: string; timeZone: string | null };
  interviewer: { id: number; fullName: string; email: string; timeZone: string | null };
  hasFeedback: boolean;
}

const recordColumns = {
  interview: interviews,
  jobTitle: jobs.title,
  companyName: companies.name,
  jobseeker: { id: seeker.id, fullName: seeker.fullName, email: seeker.email, timeZone: seeker.timeZone },
  interviewer: { id: interviewer.id, fullName: interviewer.fullName, email: interviewer.email, timeZone: interviewer.timeZone },
  hasFeedback: sql<boolean>`exists (select 1 from ${interviewFeedbacks} f where f.interview_id = ${interviews.id})`,
};

function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(companies, eq(companies.id, interviews.companyId))
    .innerJoin(seeker, eq(seeker.id, interviews.jobseekerId))
    .innerJoin(interviewer, eq(interviewer.id, interviews.interviewerId));
}

export async function findInterviewRecord(db: Db, id: number): Promise<InterviewRecord | undefined> {
  const [row] = await selectRecords(db).where(eq(interviews.id, id)).limit(1);
  return row;
}

export interface InterviewListFilter {
  /** Whose interviews: a job seeker's own, or a company's. */
  jobseekerId?: number;
  companyId?: number;
  when?: 'upcoming' | 'past' | undefined;
  application?: number | undefined;
  job?: number | undefined;
  status?: InterviewStatus | undefined;
  interviewer?: number | undefined;
  page: number;
  page_size: number;
}

/**
 * A page of interviews. Upcoming: offered ones and those not yet ended, soonest first (offered ones
 * first); past: those that ended, latest first.
 */
export async function findInterviewRecords(db: Db, f: InterviewListFilter): Promise<{ rows: InterviewRecord[]; total: number }> {
  const where: SQL[] = [];
  if (f.jobseekerId !== undefined) where.push(eq(interviews.jobseekerId, f.jobseekerId));
  if (f.companyId !== undefined) where.push(eq(interviews.companyId, f.companyId));
  if (f.application !== undefined) where.push(eq(interviews.applicationId, f.application));
  if (f.job !== undefined) where.push(eq(interviews.jobId, f.job));
  if (f.status !== undefined) where.push(eq(interviews.status, f.status));
  if (f.interviewer !== undefined) where.push(eq(interviews.interviewerId, f.interviewer));
  if (f.when === 'upcoming') where.push(or(isNull(interviews.endTime), gte(interviews.endTime, sql`now()`))!);
  if (f.when === 'past') where.push(lt(interviews.endTime, sql`now()`));
  const condition = and(...where);
  const order =
    f.when === 'past'
      ? [desc(interviews.scheduledTime), desc(interviews.id)]
      : [sql`${interviews.scheduledTime} asc nulls first`, asc(interviews.id)];
  const [rows, [totals]] = await Promise.all([
    selectRecords(db)
      .where(condition)
      .orderBy(...order)
      .limit(f.page_size)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(interviews).where(condition),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** The application an interview is planned for, locked until the transaction ends (its status may move). */
export async function lockApplication(
  db: Db,
  id: number,
): Promise<{ id: number; status: ApplicationStatus; jobId: number; companyId: number; jobseekerId: number } | undefined> {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      jobId: applications.jobId,
      companyId: jobs.companyId,
      jobseekerId: applications.jobseekerId,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.id, id))
    .for('update', { of: applications });
  return row;
}

/** The application's facts for the access policy, without a lock. */
export async function findApplicationParties(db: Db, id: number): Promise<{ jobseekerId: number; companyId: number } | undefined> {
  const [row] = await db
    .select({ jobseekerId: applications.jobseekerId, companyId: jobs.companyId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.id, id));
  return row;
}

export async function isCompanyMember(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return !!row;
}

export type NewInterview = typeof interviews.$inferInsert;

export async function insertInterview(db: Db, values: NewInterview): Promise<InterviewRow> {
  const [row] = await db.insert(interviews).values(values).returning();
  return row!;
}

/** Changes an interview if it is still in one of `inStatuses`; undefined when it is not (someone else changed it). */
export async function updateInterview(
  db: Db,
  id: number,
  values: Partial<NewInterview>,
  inStatuses: readonly InterviewStatus[],
): Promise<InterviewRow | undefined> {
  const [row] = await db
    .update(interviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(interviews.id, id), inArray(interviews.status, [...inStatuses])))
    .returning();
  return row;
}

/** The application's open offer of times (an interview still waiting for a pick), if any. */
export async function findOpenOffer(db: Db, applicationId: number): Promise<Pick<InterviewRow, 'id' | 'createdAt'> | undefined> {
  const [row] = await db
    .select({ id: interviews.id, createdAt: interviews.createdAt })
    .from(interviews)
    .where(and(eq(interviews.applicationId, applicationId), eq(interviews.status, 'offered')))
    .limit(1);
  return row;
}

/** Closes the application's other open offers (a pick answers them all): cancelled, their times released. */
export async function closeOtherOffers(db: Db, applicationId: number, exceptId: number): Promise<number[]> {
  const rows = await db
    .update(interviews)
    .set({ status: 'cancelled', offeredTimes: [], sequence: sql`${interviews.sequence} + 1`, updatedAt: sql`now()` })
    .where(and(eq(interviews.applicationId, applicationId), eq(interviews.status, 'offered'), ne(interviews.id, exceptId)))
    .returning({ id: interviews.id });
  return rows.map((r) => r.id);
}

/** The first interview holding time that overlaps [start, end) for this interviewer or job seeker. */
export async function findClash(
  db: Db,
  c: { interviewerId: number; jobseekerId: number; start: Date; end: Date; exceptId?: number },
): Promise<Pick<InterviewRow, 'id' | 'scheduledTime' | 'endTime'> | undefined> {
  const [row] = await db
    .select({ id: interviews.id, scheduledTime: interviews.scheduledTime, endTime: interviews.endTime })
    .from(interviews)
    .where(
      and(
        or(eq(interviews.interviewerId, c.interviewerId), eq(interviews.jobseekerId, c.jobseekerId)),
        inArray(interviews.status, ['scheduled', 'rescheduled', 'completed']),
        lt(interviews.scheduledTime, c.end),
        sql`${interviews.endTime} > ${c.start.toISOString()}::timestamptz`,
        c.exceptId ? ne(interviews.id, c.exceptId) : undefined,
      ),
    )
    .orderBy(asc(interviews.scheduledTime))
    .limit(1);
  return row;
}

/** The reminders of an interview at its (new) time: the old ones go, unsent ones for the future come. */
export async function replaceReminders(db: Db, interviewId: number, start: Date | null, options: { isNew?: boolean } = {}): Promise<void> {
  // A new interview has no reminders to replace.
  if (!options.isNew) await db.delete(interviewReminders).where(eq(interviewReminders.interviewId, interviewId));
  if (!start) return;
  const due = [
    { kind: '24h' as const, dueAt: new Date(start.getTime() - 24 * 3_600_000) },
    { kind: '1h' as const, dueAt: new Date(start.getTime() - 3_600_000) },
  ].filter((r) => r.dueAt.getTime() > Date.now());
  if (due.length) await db.insert(interviewReminders).values(due.map((r) => ({ ...r, interviewId })));
}

/**
 * Serialises writes to one interviewer's and one job seeker's calendars until the transaction ends
 * (advisory locks; the interviewer's first, then the job seeker's, so two writers never wait on
 * each other in a circle).
 */
export async function lockCalendars(tx: Db, interviewerId: number, jobseekerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(1, ${interviewerId}::int)`);
  await tx.execute(sql`select pg_advisory_xact_lock(2, ${jobseekerId}::int)`);
}
