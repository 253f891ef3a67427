import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PaginationQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { companies, jobs, savedJobs } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';
import { jobSummaryColumns, type JobSummaryRecord, publicJobCondition } from '../jobs';

export interface SavedJobRecord {
  id: number;
  savedAt: Date;
  job: JobSummaryRecord;
}

// Saved jobs that stopped being public (closed, past the deadline) drop out of every list until they are public again.
const ofUser = (userId: number, today: string) => and(eq(savedJobs.userId, userId), publicJobCondition(today));

function savedFrom(db: Db) {
  return db
    .select({ id: savedJobs.id, savedAt: savedJobs.savedAt, job: jobSummaryColumns })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId));
}

export async function findSavedJobs(
  db: Db,
  userId: number,
  q: PaginationQuery,
  today: string,
): Promise<{ rows: SavedJobRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    savedFrom(db).where(ofUser(userId, today)).orderBy(desc(savedJobs.savedAt), desc(savedJobs.id)).limit(q.page_size).offset(offsetOf(q)),
    countSavedJobs(db, userId, today),
  ]);
  return { rows, total };
}

export async function countSavedJobs(db: Db, userId: number, today: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(ofUser(userId, today));
  return row?.total ?? 0;
}

export async function findSavedJobIds(db: Db, userId: number, today: string): Promise<number[]> {
  const rows = await db
    .select({ jobId: savedJobs.jobId })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(ofUser(userId, today))
    .orderBy(desc(savedJobs.savedAt), desc(savedJobs.id));
  return rows.map((r) => r.jobId);
}

export async function findSavedJob(db: Db, id: number): Promise<SavedJobRecord | undefined> {
  const [row] = await savedFrom(db).where(eq(savedJobs.id, id)).limit(1);
  return row;
}

/** Saves a job once: the new row's id, or the existing one's with `created: false`. */
export async function saveJob(db: Db, userId: number, jobId: number): Promise<{ id: number; created: boolean }> {
  const [made] = await db.insert(savedJobs).values({ userId, jobId }).onConflictDoNothing().returning({ id: savedJobs.id });
  if (made) return { id: made.id, created: true };
  const [existing] = await db
    .select({ id: savedJobs.id })
    .from(savedJobs)
    .where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)))
    .limit(1);
  return { id: existing!.id, created: false };
}

/** Deletes the user's own saved job; false when there is no such saved job of theirs. */
export async function deleteSavedJob(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedJobs)
    .where(and(eq(savedJobs.id, id), eq(savedJobs.userId, userId)))
    .returning({ id: savedJobs.id });
  return rows.length > 0;
}

/** Whether a job is public today. */
export async function isJobPublic(db: Db, jobId: number, today: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), publicJobCondition(today)))
    .limit(1);
  return rows.length > 0;
}
