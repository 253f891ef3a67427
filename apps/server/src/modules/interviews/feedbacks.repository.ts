import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, interviewFeedbacks, interviews, users, type FeedbackRow } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

export interface FeedbackRecord {
  feedback: FeedbackRow;
  authorName: string;
  companyId: number;
  companyName: string;
  jobseekerId: number;
  applicationId: number;
}

function selectRecords(db: Db) {
  return db
    .select({
      feedback: interviewFeedbacks,
      authorName: users.fullName,
      companyId: interviews.companyId,
      companyName: companies.name,
      jobseekerId: interviews.jobseekerId,
      applicationId: interviews.applicationId,
    })
    .from(interviewFeedbacks)
    .innerJoin(interviews, eq(interviews.id, interviewFeedbacks.interviewId))
    .innerJoin(companies, eq(companies.id, interviews.companyId))
    .innerJoin(users, eq(users.id, interviewFeedbacks.authorId));
}

export async function findFeedbackRecord(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  const [row] = await selectRecords(db).where(eq(interviewFeedbacks.id, id));
  return row;
}

export async function findFeedbackRecords(
  db: Db,
  f: { jobseekerId?: number; companyId?: number; interview?: number | undefined; page: number; page_size: number },
): Promise<{ rows: FeedbackRecord[]; total: number }> {
  const where: SQL[] = [];
  if (f.jobseekerId !== undefined) where.push(eq(interviews.jobseekerId, f.jobseekerId));
  if (f.companyId !== undefined) where.push(eq(interviews.companyId, f.companyId));
  if (f.interview !== undefined) where.push(eq(interviewFeedbacks.interviewId, f.interview));
  const condition = and(...where);
  const [rows, [totals]] = await Promise.all([
    selectRecords(db)
      .where(condition)
      .orderBy(desc(interviewFeedbacks.providedAt), desc(interviewFeedbacks.id))
      .limit(f.page_size)
      .offset(offsetOf(f)),
    db
      .select({ n: count() })
      .from(interviewFeedbacks)
      .innerJoin(interviews, eq(interviews.id, interviewFeedbacks.interviewId))
      .where(condition),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** The items a job seeker chose to show on their profile, newest first. */
export async function findShownFeedback(db: Db, jobseekerId: number): Promise<FeedbackRecord[]> {
  return selectRecords(db)
    .where(and(eq(interviews.jobseekerId, jobseekerId), eq(interviewFeedbacks.isApproved, true)))
    .orderBy(desc(interviewFeedbacks.providedAt), desc(interviewFeedbacks.id));
}

export type NewFeedback = typeof interviewFeedbacks.$inferInsert;

/** Inserts the author's feedback; undefined when that author has given feedback on this interview already. */
export async function insertFeedback(db: Db, values: NewFeedback): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .insert(interviewFeedbacks)
    .values(values)
    .onConflictDoNothing({ target: [interviewFeedbacks.interviewId, interviewFeedbacks.authorId] })
    .returning();
  return row;
}

export async function updateFeedback(db: Db, id: number, values: Partial<NewFeedback>): Promise<void> {
  await db
    .update(interviewFeedbacks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(interviewFeedbacks.id, id));
}
