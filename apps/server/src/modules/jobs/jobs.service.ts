import type { JobOut, employerJobQuery, jobInput, jobPatch } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import type { EventBus } from '../../lib/events';
import { utcToday } from '../../lib/dates';
import { VersionedCache } from '../../lib/ttl-cache';
import { findResponseTime, type ResponseTime } from '../../db/answers';
import { authorize, can, type JobFacts } from '../../policies/policy';
import type { FileReleaser } from '../files';
import { findUnknownTaxonomyIds } from '../taxonomy';
import { presentJob, type NotPublicReason } from './jobs.presenter';
import * as repo from './jobs.repository';
import type { JobRecord, JobValues } from './jobs.repository';

type ParsedInput = ReturnType<typeof jobInput.parse>;
type ParsedPatch = ReturnType<typeof jobPatch.parse>;
type EmployerJobQuery = ReturnType<typeof employerJobQuery.parse>;
type EmployerJob = JobOut & { applicants_count: number };

/**
 * Why a job is not public, or null when it is: open, not past its deadline, of an approved company.
 * Its twin for many rows at once is `publicJobCondition` in jobs.repository.ts.
 */
export function notPublicReason(
  job: Pick<JobRecord, 'status' | 'applicationDeadline'> & { company: { isApproved: boolean } },
  today: string,
): NotPublicReason | null {
  if (job.status !== 'open') return 'closed';
  if (job.applicationDeadline !== null && job.applicationDeadline < today) return 'deadline_passed';
  if (!job.company.isApproved) return 'company_not_approved';
  return null;
}

/** What the access policy reads of a job. */
export const jobFacts = (job: JobRecord, today: string): JobFacts => ({
  companyId: job.company.id,
  isPublic: notPublicReason(job, today) === null,
});

function toValues(input: Partial<ParsedInput>): Partial<JobValues> {
  const v: Partial<JobValues> = {};
  if (input.title !== undefined) v.title = input.title;
  if (input.description !== undefined) v.description = input.description;
  if (input.responsibilities !== undefined) v.responsibilities = input.responsibilities;
  if (input.qualifications !== undefined) v.qualifications = input.qualifications;
  if (input.nice_to_have !== undefined) v.niceToHave = input.nice_to_have;
  if (input.location !== undefined) v.location = input.location;
  if (input.is_remote !== undefined) v.isRemote = input.is_remote;
  if (input.salary_min !== undefined) v.salaryMin = input.salary_min;
  if (input.salary_max !== undefined) v.salaryMax = input.salary_max;
  if (input.currency !== undefined) v.currency = input.currency;
  if (input.employment_type !== undefined) v.employmentType = input.employment_type;
  if (input.experience_level !== undefined) v.experienceLevel = input.experience_level;
  if (input.job_function !== undefined) v.jobFunction = input.job_function;
  if (input.categories !== undefined) v.categoryIds = [...new Set(input.categories)];
  if (input.skills_required !== undefined) v.skillIds = [...new Set(input.skills_required)];
  if (input.application_deadline !== undefined) v.applicationDeadline = input.application_deadline;
  if (input.status !== undefined) v.status = input.status;
  if (input.auto_close !== undefined) v.autoClose = input.auto_close;
  return v;
}

/** `reads`: where a job's public page is read (a replica, docs/decisions/021-read-replicas.md); `db` for the rest. */
export function createJobsService({ db, reads = db, files, events }: { db: Db; reads?: Db; files: FileReleaser; events: EventBus }) {
  async function present(job: JobRecord, viewer: Viewer | null, today: string, from: Db = db): Promise<JobOut> {
    const facts = jobFacts(job, today);
    // The company sees its applicants; admins see the count too (moderation).
    const privileged = can(viewer, 'job.view_applicants', facts) || viewer?.role === 'admin';
    const applicants = privileged ? ((await repo.countApplicantsByJob(from, [job.id])).get(job.id) ?? 0) : undefined;
    const responseTime = await responseTimeOf(job.companyId, from);
    return presentJob(job, {
      notPublicReason: notPublicReason(job, today),
      applicantsCount: applicants,
      withPoster: privileged,
      responseTime,
    });
  }

  // A company's response time moves slowly: each process keeps it for 10 minutes (a job page is hot).
  const responseTimes = new VersionedCache<ResponseTime | null>(10_000, 10 * 60_000);
  async function responseTimeOf(companyId: number, from: Db): Promise<ResponseTime | null> {
    const key = String(companyId);
    const kept = responseTimes.get(key, 0);
    if (kept !== undefined) return kept;
    const value = await findResponseTime(from, companyId);
    responseTimes.set(key, 0, value);
    return value;
  }

  /** The job when the viewer may do the action on it: 404 when missing or hidden, 403 when visible but not theirs. */
  async function jobFor(
    viewer: Viewer | null,
    action: 'job.view' | 'job.edit' | 'job.delete',
    id: number,
    today: string,
    from: Db = db,
  ): Promise<JobRecord> {
    const job = await repo.findJobById(from, id);
    authorize(viewer, action, job && jobFacts(job, today));
    return job!;
  }

  /** Checks the rules a single field cannot: known category and skill ids, salary order, the deadline of an open job. */
  async function checkJob(
    values: Partial<JobValues>,
    result: Pick<JobValues, 'status' | 'applicationDeadline' | 'salaryMin' | 'salaryMax'>,
    today: string,
    isOpening: boolean,
  ) {
    const fields: Record<string, string[]> = {};
    const unknownCategories = await findUnknownTaxonomyIds(db, 'category', values.categoryIds ?? []);
    if (unknownCategories.length) fields.categories = [`Unknown category: ${unknownCategories.join(', ')}. Pick from the list.`];
    const unknownSkills = await findUnknownTaxonomyIds(db, 'skill', values.skillIds ?? []);
    if (unknownSkills.length) fields.skills_required = [`Unknown skill: ${unknownSkills.join(', ')}. Pick from the list.`];
    if (result.salaryMin != null && result.salaryMax != null && result.salaryMin > result.salaryMax) {
      fields.salary_min = ['The minimum salary cannot be above the maximum.'];
    }
    if (isOpening && result.status === 'open' && result.applicationDeadline && result.applicationDeadline < today) {
      fields.application_deadline = ['The deadline is in the past. Pick a later date, or close the job.'];
    }
    const first = Object.values(fields)[0];
    if (first) throw new AppError('validation_error', `Please correct the highlighted fields. ${first[0]}`, { fields });
  }

  return {
    /** A job as this viewer may see it: public ones to anyone; the owner and admins always. */
    async get(viewer: Viewer | null, id: number): Promise<JobOut> {
      const today = utcToday();
      return present(await jobFor(viewer, 'job.view', id, today, reads), viewer, today, reads);
    },

    /**
     * A job for its public page (/jobs/{id}), seen as a visitor sees it: any job of an approved
     * company, open or closed (its not_public_reason says which); others are missing (404).
     */
    async getPage(id: number): Promise<JobOut> {
      const job = await repo.findJobById(db, id);
      authorize(null, 'job.view_page', job && { isCompanyApproved: job.company.isApproved });
      return presentJob(job!, { notPublicReason: notPublicReason(job!, utcToday()) });
    },

    /** Posts a job for the viewer's company, naming the viewer as who posted it. */
    async create(viewer: Viewer, input: ParsedInput): Promise<JobOut> {
      authorize(viewer, 'job.create', undefined);
      const today = utcToday();
      const values = toValues(input) as JobValues;
      await checkJob(values, values, today, true);
      const id = await repo.insertJob(db, viewer.companyId!, viewer.userId, values);
      // Job alerts hear of a new job this way (it may be public at once).
      await events.emit('job.changed', { jobId: id });
      return present((await repo.findJobById(db, id))!, viewer, today);
    },

    async replace(viewer: Viewer, id: number, input: ParsedInput): Promise<JobOut> {
      const today = utcToday();
      await jobFor(viewer, 'job.edit', id, today);
      const values = toValues(input) as JobValues;
      await checkJob(values, values, today, true);
      await repo.updateJob(db, id, values);
      await events.emit('job.changed', { jobId: id });
      return present((await repo.findJobById(db, id))!, viewer, today);
    },

    async patch(viewer: Viewer, id: number, input: ParsedPatch): Promise<JobOut> {
      const today = utcToday();
      const job = await jobFor(viewer, 'job.edit', id, today);
      const values = toValues(input);
      const result = {
        status: values.status ?? job.status,
        applicationDeadline: values.applicationDeadline !== undefined ? values.applicationDeadline : job.applicationDeadline,
        salaryMin: values.salaryMin !== undefined ? values.salaryMin : job.salaryMin,
        salaryMax: values.salaryMax !== undefined ? values.salaryMax : job.salaryMax,
      };
      // An edit that neither opens the job nor moves its deadline is not refused for a deadline already passed.
      const isOpening = input.status === 'open' || input.application_deadline !== undefined;
      await checkJob(values, result, today, isOpening);
      if (Object.keys(values).length) {
        await repo.updateJob(db, id, values);
        await events.emit('job.changed', { jobId: id });
      }
      return present((await repo.findJobById(db, id))!, viewer, today);
    },

    /** Deletes a job: its company, or an admin (moderation). */
    async remove(viewer: Viewer, id: number): Promise<void> {
      await jobFor(viewer, 'job.delete', id, utcToday());
      // Its applications go with it, and the resumes sent only with them.
      await files.withApplicationsOf({ jobId: id }, () => repo.deleteJob(db, id));
      await events.emit('job.changed', { jobId: id });
    },

    /** The jobs of the viewer's company with status, why each is not public, who posted it, and applicants. */
    async listMine(viewer: Viewer, q: EmployerJobQuery): Promise<PagedRows<EmployerJob>> {
      if (viewer.companyId === null) return { rows: [], total: 0 };
      const today = utcToday();
      const { rows, total } = await repo.findCompanyJobs(db, viewer.companyId, q);
      const applicants = await repo.countApplicantsByJob(
        db,
        rows.map((r) => r.id),
      );
      return {
        rows: rows.map((row) => ({
          ...presentJob(row, { notPublicReason: notPublicReason(row, today), withPoster: true }),
          applicants_count: applicants.get(row.id) ?? 0,
        })),
        total,
      };
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
