// The lists of applications: the job seeker's own, a job's applicants, and the dashboards' recent ones.
import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { applicationStatuses, type ApplicationStatus, type applicantsQuery, type myApplicationsQuery } from '@jobportal/shared';
import { type Db } from '../../db/client';
import {
  applications,
  companies,
  jobs,
  jobseekerProfiles,
  uploadedFiles,
  users,
  type ApplicationRow,
  type UploadedFileRow,
} from '../../db/schema';
import { offsetOf } from '../../lib/pagination';
import { jobSummaryColumns, type JobSummaryRecord } from '../jobs';
import { nameOrEmailContains } from '../users';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);
import { findHistories, hasHeldInterview, type HistoryEntryRow } from './applications.repository';
import { findApplicantCardsOf, type ApplicantCardFacts } from './applicant-cards.repository';

type MyApplicationsQuery = ReturnType<typeof myApplicationsQuery.parse>;
type ApplicantsQuery = ReturnType<typeof applicantsQuery.parse>;

/** A job seeker's application with its job (as a summary) and its resume. */
export interface MyApplicationRecord {
  application: ApplicationRow;
  job: JobSummaryRecord;
  resume: UploadedFileRow;
}

const myApplicationColumns = { application: applications, job: jobSummaryColumns, resume: uploadedFiles };

function myApplicationsFrom(db: Db) {
  return db
    .select(myApplicationColumns)
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, applications.resumeFileId));
}

export async function findMyApplications(
  db: Db,
  jobseekerId: number,
  q: MyApplicationsQuery,
): Promise<{ rows: MyApplicationRecord[]; total: number }> {
  const filters: SQL[] = [eq(applications.jobseekerId, jobseekerId)];
  if (q.status) filters.push(eq(applications.status, q.status));
  for (const word of words(q.search)) {
    const pattern = `%${escapeLike(word)}%`;
    filters.push(or(ilike(jobs.title, pattern), ilike(companies.name, pattern))!);
  }
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    myApplicationsFrom(db).where(where).orderBy(desc(applications.appliedAt), desc(applications.id)).limit(q.page_size).offset(offsetOf(q)),
    db
      .select({ total: count() })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findMyApplication(db: Db, id: number): Promise<MyApplicationRecord | undefined> {
  const [row] = await myApplicationsFrom(db).where(eq(applications.id, id)).limit(1);
  return row;
}

/** The newest applications of a job seeker (dashboard). */
export async function findRecentApplications(db: Db, jobseekerId: number, limit: number): Promise<MyApplicationRecord[]> {
  return myApplicationsFrom(db)
    .where(eq(applications.jobseekerId, jobseekerId))
    .orderBy(desc(applications.appliedAt), desc(applications.id))
    .limit(limit);
}

/** An application as its job's employer sees it. */
export interface ApplicantRecord {
  application: ApplicationRow;
  applicant: { id: number; fullName: string; email: string; timeZone: string | null };
  currentJobTitle: string | null;
  photoFileId: number | null;
  resume: UploadedFileRow;
  /** See `hasHeldInterview`: whether "Interviewed" is a move the employer may make. */
  hasHeldInterview: boolean;
}

const applicantColumns = {
  application: applications,
  applicant: { id: users.id, fullName: users.fullName, email: users.email, timeZone: users.timeZone },
  currentJobTitle: jobseekerProfiles.currentJobTitle,
  photoFileId: jobseekerProfiles.photoFileId,
  resume: uploadedFiles,
  hasHeldInterview,
};

function applicantsFrom(db: Db) {
  return db
    .select(applicantColumns)
    .from(applications)
    .innerJoin(users, eq(users.id, applications.jobseekerId))
    .leftJoin(jobseekerProfiles, eq(jobseekerProfiles.userId, applications.jobseekerId))
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, applications.resumeFileId));
}

/**
 * A job's applicants whose name or email holds every word of `search` (the list's and the board's
 * filter), with their resume: an application whose resume went with its account (decision 017)
 * is neither listed nor counted.
 */
const applicantFilters = (jobId: number, search: string | undefined): SQL[] => [
  eq(applications.jobId, jobId),
  isNotNull(applications.resumeFileId),
  ...words(search).map((word) => nameOrEmailContains(word)),
];

/** One page of a job's applicants, their count, and the count per status of all of them. */
export async function findApplicants(
  db: Db,
  jobId: number,
  q: ApplicantsQuery,
): Promise<{ rows: ApplicantRecord[]; total: number; statusCounts: Map<ApplicationStatus, number> }> {
  const nameWords = words(q.search);
  const where = and(...applicantFilters(jobId, q.search), ...(q.status ? [eq(applications.status, q.status)] : []));
  const order =
    q.sort === 'oldest' ? [asc(applications.appliedAt), asc(applications.id)] : [desc(applications.appliedAt), desc(applications.id)];
  // Without words to search, the total is one of the counts per status (or their sum): no third query.
  const countQuery = nameWords.length
    ? db.select({ total: count() }).from(applications).innerJoin(users, eq(users.id, applications.jobseekerId)).where(where)
    : undefined;
  const [rows, totals, perStatus] = await Promise.all([
    applicantsFrom(db)
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset(offsetOf(q)),
    countQuery,
    db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(and(eq(applications.jobId, jobId), isNotNull(applications.resumeFileId)))
      .groupBy(applications.status),
  ]);
  const statusCounts = new Map(perStatus.map((r) => [r.status, r.n]));
  const total = totals
    ? (totals[0]?.total ?? 0)
    : q.status
      ? (statusCounts.get(q.status) ?? 0)
      : perStatus.reduce((sum, r) => sum + r.n, 0);
  return { rows, total, statusCounts };
}

/**
 * The hiring board's first view: the first `page_size` applicants of every status (newest first, as
 * the list pages them), the count per status of those the search matches, and the histories and
 * card facts of those applicants. The ids are one index walk per status
 * (`applications_job_status_applied_idx`, a lateral join over the statuses), an expression that the
 * rows, histories and card facts each read, so the four reads go out together; the counts are one
 * grouped count. Without a search (nearly every first load) the texts never change: prepared, so
 * planned once per connection (planning the rows took as long as running them).
 */
export async function findBoardApplicants(
  db: Db,
  jobId: number,
  q: { page_size: number; search?: string | undefined },
): Promise<{
  rows: ApplicantRecord[];
  counts: Map<ApplicationStatus, number>;
  histories: Map<number, HistoryEntryRow[]>;
  cards: Map<number, ApplicantCardFacts>;
}> {
  const byName = words(q.search).length > 0;
  const filters = and(...applicantFilters(jobId, q.search));
  // Inside the subquery, `applications` and `users` are the subquery's own (they hide the outer ones).
  const firstPages = sql`array(select b.id from unnest(${sql.param([...applicationStatuses])}::text[]) as s(status)
    cross join lateral (select ${applications.id} as id from ${applications}
      ${byName ? sql`join ${users} on ${users.id} = ${applications.jobseekerId}` : sql``}
      where ${filters} and ${applications.status} = s.status
      order by ${applications.appliedAt} desc, ${applications.id} desc limit ${q.page_size}) b)`;
  const rows = applicantsFrom(db)
    .where(sql`${applications.id} = any(${firstPages})`)
    .orderBy(desc(applications.appliedAt), desc(applications.id));
  const perStatus = db.select({ status: applications.status, n: count() }).from(applications).$dynamic();
  const counts = (byName ? perStatus.innerJoin(users, eq(users.id, applications.jobseekerId)) : perStatus)
    .where(filters)
    .groupBy(applications.status);
  const [found, counted, histories, cards] = await Promise.all([
    byName ? rows : rows.prepare('applicant_board_rows').execute(),
    byName ? counts : counts.prepare('applicant_board_counts').execute(),
    findHistories(db, firstPages),
    findApplicantCardsOf(db, firstPages, byName ? undefined : 'applicant_board_cards'),
  ]);
  return { rows: found, counts: new Map(counted.map((r) => [r.status, r.n])), histories, cards };
}

export async function findApplicant(db: Db, id: number): Promise<ApplicantRecord | undefined> {
  const [row] = await applicantsFrom(db).where(eq(applications.id, id)).limit(1);
  return row;
}

/** The newest applicants across a company's jobs, each with the title of the job applied for (dashboard). */
export async function findRecentApplicants(
  db: Db,
  companyId: number,
  limit: number,
): Promise<Array<ApplicantRecord & { jobTitle: string }>> {
  return db
    .select({ ...applicantColumns, jobTitle: jobs.title })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.jobseekerId))
    .leftJoin(jobseekerProfiles, eq(jobseekerProfiles.userId, applications.jobseekerId))
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, applications.resumeFileId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(jobs.companyId, companyId))
    .orderBy(desc(applications.appliedAt), desc(applications.id))
    .limit(limit);
}

/** The resume of an application with what the access policy reads: its job seeker and the job's company. */
export async function findApplicationResume(
  db: Db,
  id: number,
): Promise<{ file: UploadedFileRow; jobseekerId: number; companyId: number; isWithdrawn: boolean } | undefined> {
  const [row] = await db
    .select({
      file: uploadedFiles,
      jobseekerId: applications.jobseekerId,
      companyId: jobs.companyId,
      isWithdrawn: sql<boolean>`${applications.status} = 'withdrawn'`,
    })
    .from(applications)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, applications.resumeFileId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.id, id))
    .limit(1);
  return row;
}

/** Applications per status of a job seeker's own applications. */
export async function countMyApplicationsByStatus(db: Db, jobseekerId: number): Promise<Map<ApplicationStatus, number>> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(eq(applications.jobseekerId, jobseekerId))
    .groupBy(applications.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}
