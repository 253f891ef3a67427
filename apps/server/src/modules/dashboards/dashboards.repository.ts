import { count, desc, eq, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { applications, jobs } from '../../db/schema';

/** Jobs of the company: all of them, and those open. */
export async function countEmployerJobs(db: Db, companyId: number): Promise<{ posted: number; open: number }> {
  const [row] = await db
    .select({ posted: count(), open: sql<number>`count(*) filter (where ${jobs.status} = 'open')::int` })
    .from(jobs)
    .where(eq(jobs.companyId, companyId));
  return { posted: row?.posted ?? 0, open: row?.open ?? 0 };
}

/** Applications to the company's jobs, per status. */
export async function countEmployerApplicationsByStatus(db: Db, companyId: number): Promise<Map<ApplicationStatus, number>> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(jobs.companyId, companyId))
    .groupBy(applications.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** The company's jobs with the most applications (open jobs without any too, after them), most first. */
export async function countApplicationsByJob(
  db: Db,
  companyId: number,
  limit: number,
): Promise<Array<{ jobId: number; title: string; count: number }>> {
  const n = sql<number>`count(${applications.id})::int`;
  return db
    .select({ jobId: jobs.id, title: jobs.title, count: n })
    .from(jobs)
    .leftJoin(applications, eq(applications.jobId, jobs.id))
    .where(eq(jobs.companyId, companyId))
    .groupBy(jobs.id)
    .orderBy(desc(n), desc(jobs.postedAt), desc(jobs.id))
    .limit(limit);
}
