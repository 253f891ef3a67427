import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { applications, companies, jobs } from '../../db/schema';

/** Jobs of the employer's company: all of them, and those open. */
export async function countEmployerJobs(db: Db, employerId: number): Promise<{ posted: number; open: number }> {
  const [row] = await db
    .select({ posted: count(), open: sql<number>`count(*) filter (where ${jobs.status} = 'open')::int` })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(companies.ownerId, employerId));
  return { posted: row?.posted ?? 0, open: row?.open ?? 0 };
}

/** Applications to the employer's jobs, per status. */
export async function countEmployerApplicationsByStatus(db: Db, employerId: number): Promise<Map<ApplicationStatus, number>> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(companies.ownerId, employerId))
    .groupBy(applications.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** The employer's jobs with the most applications (open jobs without any too, after them), most first. */
export async function countApplicationsByJob(
  db: Db,
  employerId: number,
  limit: number,
): Promise<Array<{ jobId: number; title: string; count: number }>> {
  const n = sql<number>`count(${applications.id})::int`;
  return db
    .select({ jobId: jobs.id, title: jobs.title, count: n })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(applications, eq(applications.jobId, jobs.id))
    .where(and(eq(companies.ownerId, employerId)))
    .groupBy(jobs.id)
    .orderBy(desc(n), desc(jobs.postedAt), desc(jobs.id))
    .limit(limit);
}
