import { sql } from 'drizzle-orm';
import { applicationStatuses, finalStatuses, type ApplicationStatus } from '@jobportal/shared';
import { firstAnswerAt } from '../../db/answers';
import { queryRows, type Db } from '../../db/client';
import { publicJobCondition } from '../jobs';

// Many applications at once (bulk actions, the no-ghosting job) and the timeline: their SQL.

/** The member who speaks for a job: its poster while in the company, else the owner. Expects `jobs` and `companies`. */
const speaker = sql`coalesce((select m.user_id from company_members m where m.user_id = jobs.posted_by and m.company_id = jobs.company_id),
  companies.owner_id)`;

export interface BulkJob {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  isPublic: boolean;
  autoClose: boolean;
  /** Who speaks for the job: its poster while in the company, else the owner. */
  employerId: number;
}

export async function findBulkJob(db: Db, jobId: number, today: string): Promise<BulkJob | undefined> {
  const [row] = await queryRows<{
    id: number;
    title: string;
    company_id: number;
    company_name: string;
    is_public: boolean;
    auto_close: boolean;
    employer_id: number;
  }>(
    db,
    sql`select jobs.id, jobs.title, jobs.company_id, companies.name as company_name, jobs.auto_close, ${speaker} as employer_id,
               (${publicJobCondition(today)}) as is_public
          from jobs join companies on companies.id = jobs.company_id where jobs.id = ${jobId}`,
  );
  return (
    row && {
      id: row.id,
      title: row.title,
      companyId: row.company_id,
      companyName: row.company_name,
      isPublic: row.is_public,
      autoClose: row.auto_close,
      employerId: row.employer_id,
    }
  );
}

export interface BulkApplicant {
  id: number;
  status: ApplicationStatus;
  jobseekerId: number;
  fullName: string;
  email: string;
  currentJobTitle: string | null;
  appliedAt: Date;
  hasHeldInterview: boolean;
}

/**
 * The job's applications among `ids` (others are left out: the caller names them), locked FOR
 * UPDATE when `lock` (inside the action's transaction, so a concurrent move waits for it).
 */
export async function findBulkApplicants(db: Db, jobId: number, ids: number[], lock: boolean): Promise<BulkApplicant[]> {
  const rows = await queryRows<{
    id: number;
    status: ApplicationStatus;
    jobseeker_id: number;
    full_name: string;
    email: string;
    current_job_title: string | null;
    applied_at: string | Date;
    has_held_interview: boolean;
  }>(
    db,
    sql`select a.id, a.status, a.jobseeker_id, u.full_name, u.email, p.current_job_title, a.applied_at,
               exists (select 1 from interviews i where i.application_id = a.id
                        and i.status in ('scheduled', 'rescheduled', 'completed') and i.scheduled_time <= now()) as has_held_interview
          from applications a join users u on u.id = a.jobseeker_id
          left join jobseeker_profiles p on p.user_id = a.jobseeker_id
         where a.job_id = ${jobId} and a.id = any(${sql.param(ids)}::int[])
         order by a.id
         ${lock ? sql`for update of a` : sql``}`,
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    jobseekerId: r.jobseeker_id,
    fullName: r.full_name,
    email: r.email,
    currentJobTitle: r.current_job_title,
    appliedAt: new Date(r.applied_at),
    hasHeldInterview: r.has_held_interview,
  }));
}

/** Moves the applications to `to` with one history entry each, in two statements. */
export async function moveApplications(
  tx: Db,
  ids: number[],
  to: ApplicationStatus,
  by: { actor: 'employer' | 'system'; userId: number | null },
): Promise<void> {
  if (!ids.length) return;
  const list = sql`${sql.param(ids)}::int[]`;
  await tx.execute(sql`update applications set status = ${to}, updated_at = now() where id = any(${list})`);
  await tx.execute(sql`insert into application_status_history (application_id, status, changed_by, changed_by_user_id)
    select id, ${to}, ${by.actor}, ${by.userId}::int from unnest(${list}) as t(id)`);
}

export interface UnansweredApplication {
  id: number;
  jobId: number;
  jobTitle: string;
  status: ApplicationStatus;
  companyId: number;
  companyName: string;
  jobseekerId: number;
  jobseekerName: string;
  /** Who speaks for the job: its poster while in the company, else the owner. */
  employerId: number;
}

/**
 * Open applications of jobs that close unanswered ones, applied before `before` and never answered
 * (see `firstAnswerAt`), claimed FOR UPDATE SKIP LOCKED: processes running the job at once take
 * different rows. Call inside the transaction that closes them.
 */
export async function claimUnanswered(tx: Db, before: Date, limit: number): Promise<UnansweredApplication[]> {
  const open = applicationStatusesOpen();
  const rows = await queryRows<{
    id: number;
    job_id: number;
    job_title: string;
    status: ApplicationStatus;
    company_id: number;
    company_name: string;
    jobseeker_id: number;
    jobseeker_name: string;
    employer_id: number;
  }>(
    tx,
    sql`select a.id, a.job_id, jobs.title as job_title, a.status, jobs.company_id, companies.name as company_name, a.jobseeker_id,
               u.full_name as jobseeker_name,
               ${speaker} as employer_id
          from applications a
          join jobs on jobs.id = a.job_id
          join companies on companies.id = jobs.company_id
          join users u on u.id = a.jobseeker_id
         where jobs.auto_close and a.status = any(${sql.param(open)}::text[]) and a.applied_at < ${before.toISOString()}::timestamptz
           and ${firstAnswerAt} is null
         order by a.applied_at
         limit ${limit}
         for update of a skip locked`,
  );
  return rows.map((r) => ({
    id: r.id,
    jobId: r.job_id,
    jobTitle: r.job_title,
    status: r.status,
    companyId: r.company_id,
    companyName: r.company_name,
    jobseekerId: r.jobseeker_id,
    jobseekerName: r.jobseeker_name,
    employerId: r.employer_id,
  }));
}

const applicationStatusesOpen = () => applicationStatuses.filter((s) => !finalStatuses.includes(s));

export interface TimelineFacts {
  id: number;
  jobseekerId: number;
  companyId: number;
  jobTitle: string;
  companyName: string;
  appliedAt: Date;
  firstViewedAt: Date | null;
  autoClose: boolean;
}

export async function findTimelineFacts(db: Db, id: number): Promise<TimelineFacts | undefined> {
  const [row] = await queryRows<{
    id: number;
    jobseeker_id: number;
    company_id: number;
    job_title: string;
    company_name: string;
    applied_at: string | Date;
    first_viewed_at: string | Date | null;
    auto_close: boolean;
  }>(
    db,
    sql`select a.id, a.jobseeker_id, j.company_id, j.title as job_title, c.name as company_name, a.applied_at, a.first_viewed_at, j.auto_close
          from applications a join jobs j on j.id = a.job_id join companies c on c.id = j.company_id where a.id = ${id}`,
  );
  return (
    row && {
      id: row.id,
      jobseekerId: row.jobseeker_id,
      companyId: row.company_id,
      jobTitle: row.job_title,
      companyName: row.company_name,
      appliedAt: new Date(row.applied_at),
      firstViewedAt: row.first_viewed_at ? new Date(row.first_viewed_at) : null,
      autoClose: row.auto_close,
    }
  );
}

/** Records the first time a member of the company opened the applicant (later opens change nothing). */
export async function markFirstViewed(db: Db, id: number): Promise<void> {
  await db.execute(sql`update applications set first_viewed_at = now() where id = ${id} and first_viewed_at is null`);
}

export interface TimelineInterview {
  status: string;
  scheduledTime: Date | null;
  timeZone: string;
  createdAt: Date;
}

export async function findTimelineInterviews(db: Db, applicationId: number): Promise<TimelineInterview[]> {
  const rows = await queryRows<{ status: string; scheduled_time: string | Date | null; time_zone: string; created_at: string | Date }>(
    db,
    sql`select status, scheduled_time, time_zone, created_at from interviews where application_id = ${applicationId} order by created_at, id`,
  );
  return rows.map((r) => ({
    status: r.status,
    scheduledTime: r.scheduled_time ? new Date(r.scheduled_time) : null,
    timeZone: r.time_zone,
    createdAt: new Date(r.created_at),
  }));
}
