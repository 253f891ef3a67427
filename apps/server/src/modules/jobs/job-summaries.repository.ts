import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, jobs } from '../../db/schema';
import type { JobSummaryRecord } from './jobs.presenter';
import { openingLength } from './snippets';

/**
 * The columns of a job summary (presentJobSummary), for queries that join `jobs` and `companies`
 * (on the job's company) and list jobs outside search: applications, saved and matching jobs.
 */
export const jobSummaryColumns = {
  id: jobs.id,
  title: jobs.title,
  companyId: companies.id,
  companyName: companies.name,
  companyLogo: companies.logo,
  location: jobs.location,
  isRemote: jobs.isRemote,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  currency: jobs.currency,
  employmentType: jobs.employmentType,
  experienceLevel: jobs.experienceLevel,
  skills: sql<
    string[]
  >`array(select s.name from job_skills s where s.id = any(${jobs.skillIds}) order by array_position(${jobs.skillIds}, s.id))`,
  postedAt: jobs.postedAt,
  snippet: sql<string>`left(${jobs.description}, ${openingLength})`,
};

/** Summaries of these jobs (public or not: callers decide who sees which), by id. */
export async function findJobSummaries(db: Db, ids: number[]): Promise<Map<number, JobSummaryRecord>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(jobSummaryColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(inArray(jobs.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
