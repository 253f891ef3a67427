import { and, count, desc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { employerJobQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { applications, companies, jobSearch, jobs, users, type JobRow } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

type EmployerJobQuery = ReturnType<typeof employerJobQuery.parse>;

export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'companyId' | 'postedBy' | 'postedAt' | 'updatedAt' | 'searchVector'>;

export interface JobRecord extends Omit<JobRow, 'searchVector' | 'titleVector' | 'postedBy'> {
  postedBy: { id: number; fullName: string } | null;
  categories: Array<{ id: number; name: string }>;
  skills: Array<{ id: number; name: string }>;
  company: {
    id: number;
    isApproved: boolean;
    name: string;
    logo: string | null;
    industry: string | null;
    headquartersLocation: string | null;
    websiteUrl: string | null;
    companySize: string | null;
    description: string;
  };
}

/**
 * The one definition of a public job in SQL: open, not past its deadline, of an approved company.
 * Expects `jobs` and `companies` in the query (joined on the job's company). Its twin for one row
 * is `notPublicReason` in jobs.service.ts.
 */
export const publicJobCondition = (today: string) =>
  sql`(${jobs.status} = 'open' and (${jobs.applicationDeadline} is null or ${jobs.applicationDeadline} >= ${today}::date) and ${companies.isApproved})`;

/**
 * The same rule on a job's search row (job_search, kept from jobs and companies by the triggers of
 * migration 0009): open, not past its deadline, of an approved company.
 */
export const publicSearchRowCondition = (today: string) =>
  sql`(${jobSearch.isOpen} and (${jobSearch.applicationDeadline} is null or ${jobSearch.applicationDeadline} >= ${today}::date) and ${jobSearch.companyApproved})`;

// Names in the order the employer picked them; ids of since-deleted items drop out.
const namedList = (table: 'job_categories' | 'job_skills', ids: SQL) =>
  sql<
    Array<{ id: number; name: string }>
  >`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by array_position(${ids}, t.id))
    from ${sql.raw(table)} t where t.id = any(${ids})), '[]'::json)`;

const { searchVector: _searchVector, titleVector: _titleVector, postedBy: _postedBy, ...jobColumns } = getTableColumns(jobs);

const poster = alias(users, 'poster');

const recordColumns = {
  ...jobColumns,
  categories: namedList('job_categories', sql`${jobs.categoryIds}`),
  skills: namedList('job_skills', sql`${jobs.skillIds}`),
  postedBy: sql<{
    id: number;
    fullName: string;
  } | null>`case when ${poster.id} is null then null else json_build_object('id', ${poster.id}, 'fullName', ${poster.fullName}) end`,
  company: {
    id: companies.id,
    isApproved: companies.isApproved,
    name: companies.name,
    logo: companies.logo,
    industry: companies.industry,
    headquartersLocation: companies.headquartersLocation,
    websiteUrl: companies.websiteUrl,
    companySize: companies.companySize,
    description: companies.description,
  },
};

export async function findJobById(db: Db, id: number): Promise<JobRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(poster, eq(poster.id, jobs.postedBy))
    .where(eq(jobs.id, id))
    .limit(1);
  return row;
}

/** One company's jobs for its owner's management list, newest first. */
export async function findCompanyJobs(db: Db, companyId: number, q: EmployerJobQuery): Promise<{ rows: JobRecord[]; total: number }> {
  const filters: SQL[] = [eq(jobs.companyId, companyId)];
  if (q.status) filters.push(eq(jobs.status, q.status));
  for (const word of (q.search ?? '').split(/\s+/).filter(Boolean)) {
    filters.push(ilike(jobs.title, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select(recordColumns)
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(poster, eq(poster.id, jobs.postedBy))
      .where(where)
      .orderBy(desc(jobs.postedAt), desc(jobs.id))
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function insertJob(db: Db, companyId: number, postedBy: number, values: JobValues): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ ...values, companyId, postedBy })
    .returning({ id: jobs.id });
  return row!.id;
}

export async function updateJob(db: Db, id: number, values: Partial<JobValues>): Promise<void> {
  await db
    .update(jobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

export async function deleteJob(db: Db, id: number): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, id));
}

/** Applications per job (every status), for the job's owner and admins. */
export async function countApplicantsByJob(db: Db, jobIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(jobIds.map((id) => [id, 0]));
  if (!jobIds.length) return counts;
  const rows = await db
    .select({ jobId: applications.jobId, n: count() })
    .from(applications)
    .where(inArray(applications.jobId, jobIds))
    .groupBy(applications.jobId);
  for (const row of rows) counts.set(row.jobId, row.n);
  return counts;
}
