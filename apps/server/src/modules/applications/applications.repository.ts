import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import {
  applicationStatusHistory,
  applications,
  companies,
  companyMembers,
  interviews,
  jobs,
  uploadedFiles,
  users,
  type ApplicationRow,
} from '../../db/schema';
import type { Actor } from '../../lib/events';
import { jobSummaryColumns, type JobSummaryRecord, publicJobCondition } from '../jobs';
import type { NewFile } from '../files';
import { insertNoticesWhen, type NewNotification } from '../notifications';

/**
 * What applying needs to know about a job: its names, its employer, whether it is public today,
 * whether this job seeker applied, and its summary (so the answer needs no second read).
 */
/**
 * Who of a job's company hears of its applications: the member who posted it while they are in
 * the company, else the company's owner. Expects `jobs` and `companies` in the query.
 */
const notifiedMember = sql<number>`coalesce((select ${companyMembers.userId} from ${companyMembers}
  where ${companyMembers.userId} = ${jobs.postedBy} and ${companyMembers.companyId} = ${jobs.companyId}), ${companies.ownerId})`;

export interface JobFacts {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  /** The member who hears of its applications (see `notifiedMember`). */
  employerId: number;
  isPublic: boolean;
  hasApplied: boolean;
  /** The name of the job seeker asked about (null without one). */
  jobseekerName: string | null;
  summary: JobSummaryRecord;
}

export async function findJobFacts(db: Db, jobId: number, today: string, jobseekerId = 0): Promise<JobFacts | undefined> {
  const [row] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      companyId: jobs.companyId,
      companyName: companies.name,
      employerId: notifiedMember,
      isPublic: sql<boolean>`${publicJobCondition(today)}`,
      hasApplied: sql<boolean>`exists (select 1 from ${applications} a where a.job_id = ${jobs.id} and a.jobseeker_id = ${jobseekerId})`,
      jobseekerName: sql<string | null>`(select u.full_name from ${users} u where u.id = ${jobseekerId})`,
      summary: jobSummaryColumns,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, jobId))
    .limit(1);
  return row;
}

/**
 * Whether an interview of the application has begun: one that holds a time (scheduled, rescheduled
 * or completed) which is now past. "Interviewed" waits for it. Expects `applications` in the query.
 */
export const hasHeldInterview = sql<boolean>`exists (select 1 from ${interviews} i where i.application_id = ${applications.id}
  and i.status in ('scheduled', 'rescheduled', 'completed') and i.scheduled_time <= now())`;

/** An application with the facts every rule and event about it needs. */
export interface ApplicationFacts extends ApplicationRow {
  jobTitle: string;
  companyId: number;
  companyName: string;
  /** The member who hears of it (see `notifiedMember`). */
  employerId: number;
  jobseekerName: string;
  hasHeldInterview: boolean;
}

export async function findApplicationFacts(db: Db, id: number): Promise<ApplicationFacts | undefined> {
  const [row] = await db
    .select({
      application: applications,
      jobTitle: jobs.title,
      companyId: jobs.companyId,
      companyName: companies.name,
      employerId: notifiedMember,
      jobseekerName: users.fullName,
      hasHeldInterview,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(users, eq(users.id, applications.jobseekerId))
    .where(eq(applications.id, id))
    .limit(1);
  return (
    row && {
      ...row.application,
      jobTitle: row.jobTitle,
      companyId: row.companyId,
      companyName: row.companyName,
      employerId: row.employerId,
      jobseekerName: row.jobseekerName,
      hasHeldInterview: row.hasHeldInterview,
    }
  );
}

export async function findOwnApplication(
  db: Db,
  jobId: number,
  jobseekerId: number,
): Promise<{ id: number; status: ApplicationStatus } | undefined> {
  const [row] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.jobseekerId, jobseekerId)))
    .limit(1);
  return row;
}

/**
 * Inserts an application with its first history entry (and its new resume file's row, when it
 * brings one) in one statement, so one round trip and one atomic write. Undefined when this job
 * seeker has an application for the job already (the unique index decides); a new file's row is
 * then written anyway, and the caller removes it with deleteUploadedFileByKey.
 */
export async function insertApplication(
  db: Db,
  values: {
    jobId: number;
    jobseekerId: number;
    coverLetter: string;
    resume: { fileId: number } | { file: NewFile };
    /** Notifications written with the application (none when it is refused as a second one). */
    notices: NewNotification[];
  },
): Promise<(ApplicationRow & { jobseekerName: string; resumeUploadedAt: Date }) | undefined> {
  const file = 'file' in values.resume ? values.resume.file : undefined;
  const resumeFile = file
    ? sql`(insert into ${uploadedFiles} (owner_id, storage_key, original_name, content_type, size_bytes)
        values (${file.ownerId}, ${file.storageKey}, ${file.originalName}, ${file.contentType}, ${file.sizeBytes}) returning id, created_at)`
    : sql`(select id, created_at from ${uploadedFiles} where id = ${'fileId' in values.resume ? values.resume.fileId : 0})`;
  const rows = await queryRows<{
    id: number;
    job_id: number;
    jobseeker_id: number;
    status: ApplicationStatus;
    cover_letter: string;
    resume_file_id: number;
    applied_at: string | Date;
    updated_at: string | Date;
    jobseeker_name: string;
    resume_uploaded_at: string | Date;
  }>(
    db,
    sql`with resume as ${resumeFile},
      created as (
        insert into ${applications} (job_id, jobseeker_id, cover_letter, resume_file_id)
        select ${values.jobId}, ${values.jobseekerId}, ${values.coverLetter}, resume.id from resume
        on conflict do nothing
        returning *
      ),
      first_entry as (
        insert into ${applicationStatusHistory} (application_id, status, changed_at, changed_by, changed_by_user_id)
        select id, 'applied', applied_at, 'jobseeker', jobseeker_id from created
      ),
      notices as ${insertNoticesWhen(values.notices, sql`exists (select 1 from created)`)}
      select created.*, (select full_name from ${users} where id = created.jobseeker_id) as jobseeker_name,
        (select created_at from resume) as resume_uploaded_at
      from created`,
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      jobId: row.job_id,
      jobseekerId: row.jobseeker_id,
      status: row.status,
      coverLetter: row.cover_letter,
      resumeFileId: row.resume_file_id,
      appliedAt: new Date(row.applied_at),
      updatedAt: new Date(row.updated_at),
      firstViewedAt: null,
      jobseekerName: row.jobseeker_name,
      resumeUploadedAt: new Date(row.resume_uploaded_at),
    }
  );
}

export async function insertHistory(
  db: Db,
  entry: { applicationId: number; status: ApplicationStatus; changedBy: Actor; changedByUserId: number | null },
): Promise<void> {
  await db.insert(applicationStatusHistory).values(entry);
}

/** Moves an application from `from` to `to`; false when its status was no longer `from` (someone else moved it). */
export async function updateStatus(db: Db, id: number, from: ApplicationStatus, to: ApplicationStatus): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(applications.id, id), eq(applications.status, from)))
    .returning({ id: applications.id });
  return rows.length > 0;
}

export interface HistoryEntryRow {
  status: ApplicationStatus;
  changedAt: Date;
  changedBy: Actor;
  /** Who moved it (absent for entries made without reading names, e.g. the one just inserted). */
  changedByUser?: { id: number; fullName: string } | null;
}

/**
 * The status history of each application, oldest first. `ids`: the applications' ids, or an SQL
 * `integer[]` naming them (so the histories are read beside the rows it names, not after them).
 */
export async function findHistories(db: Db, ids: number[] | SQL): Promise<Map<number, HistoryEntryRow[]>> {
  const isList = Array.isArray(ids);
  const histories = new Map<number, HistoryEntryRow[]>(isList ? ids.map((id) => [id, []]) : []);
  if (isList && !ids.length) return histories;
  const rows = await db
    .select({
      applicationId: applicationStatusHistory.applicationId,
      status: applicationStatusHistory.status,
      changedAt: applicationStatusHistory.changedAt,
      changedBy: applicationStatusHistory.changedBy,
      changedByUser: sql<{ id: number; fullName: string } | null>`case when ${users.id} is null then null
        else json_build_object('id', ${users.id}, 'fullName', ${users.fullName}) end`,
    })
    .from(applicationStatusHistory)
    .leftJoin(users, eq(users.id, applicationStatusHistory.changedByUserId))
    .where(isList ? inArray(applicationStatusHistory.applicationId, ids) : sql`${applicationStatusHistory.applicationId} = any(${ids})`)
    .orderBy(asc(applicationStatusHistory.changedAt), asc(applicationStatusHistory.id));
  for (const { applicationId, ...entry } of rows) {
    if (!histories.has(applicationId)) histories.set(applicationId, []);
    histories.get(applicationId)!.push(entry);
  }
  return histories;
}
