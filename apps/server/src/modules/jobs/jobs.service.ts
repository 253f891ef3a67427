import type { JobOut, Paginated, employerJobQuery, jobInput, jobPatch } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { utcToday } from '../../lib/dates';
import { findCompanyByOwner } from '../companies/companies.repository';
import type { FileReleaser } from '../files/files.service';
import { findUnknownTaxonomyIds } from '../taxonomy/taxonomy.repository';
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

// Answered for missing jobs and for jobs the caller may not see alike, so neither is told apart.
const unavailable = () => new AppError('not_found', 'This job is no longer available.');

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
  if (input.employment_type !== undefined) v.employmentType = input.employment_type;
  if (input.experience_level !== undefined) v.experienceLevel = input.experience_level;
  if (input.job_function !== undefined) v.jobFunction = input.job_function;
  if (input.categories !== undefined) v.categoryIds = [...new Set(input.categories)];
  if (input.skills_required !== undefined) v.skillIds = [...new Set(input.skills_required)];
  if (input.application_deadline !== undefined) v.applicationDeadline = input.application_deadline;
  if (input.status !== undefined) v.status = input.status;
  return v;
}

export function createJobsService({ db, files }: { db: Db; files: FileReleaser }) {
  const isOwner = (viewer: Viewer | null, job: JobRecord) => viewer?.role === 'employer' && viewer.userId === job.company.ownerId;

  async function present(job: JobRecord, viewer: Viewer | null, today: string): Promise<JobOut> {
    const privileged = isOwner(viewer, job) || viewer?.role === 'admin';
    const applicants = privileged ? ((await repo.countApplicantsByJob(db, [job.id])).get(job.id) ?? 0) : undefined;
    return presentJob(job, { notPublicReason: notPublicReason(job, today), applicantsCount: applicants });
  }

  /** The employer's own job, or 404 (someone else's job is not told apart from a missing one). */
  async function ownJob(viewer: Viewer, id: number): Promise<JobRecord> {
    const job = await repo.findJobById(db, id);
    if (!job || !isOwner(viewer, job)) throw unavailable();
    return job;
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
      const job = await repo.findJobById(db, id);
      const today = utcToday();
      if (!job) throw unavailable();
      if (notPublicReason(job, today) !== null && !isOwner(viewer, job) && viewer?.role !== 'admin') throw unavailable();
      return present(job, viewer, today);
    },

    async create(viewer: Viewer, input: ParsedInput): Promise<JobOut> {
      const company = await findCompanyByOwner(db, viewer.userId);
      if (!company) throw forbidden('Submit your company details before posting a job.');
      const today = utcToday();
      const values = toValues(input) as JobValues;
      await checkJob(values, values, today, true);
      const id = await repo.insertJob(db, company.id, values);
      return present((await repo.findJobById(db, id))!, viewer, today);
    },

    async replace(viewer: Viewer, id: number, input: ParsedInput): Promise<JobOut> {
      await ownJob(viewer, id);
      const today = utcToday();
      const values = toValues(input) as JobValues;
      await checkJob(values, values, today, true);
      await repo.updateJob(db, id, values);
      return present((await repo.findJobById(db, id))!, viewer, today);
    },

    async patch(viewer: Viewer, id: number, input: ParsedPatch): Promise<JobOut> {
      const job = await ownJob(viewer, id);
      const today = utcToday();
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
      if (Object.keys(values).length) await repo.updateJob(db, id, values);
      return present((await repo.findJobById(db, id))!, viewer, today);
    },

    /** Deletes a job: its owner, or an admin (moderation). */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const job = await repo.findJobById(db, id);
      if (!job || !(isOwner(viewer, job) || viewer.role === 'admin')) throw unavailable();
      // Its applications go with it, and the resumes sent only with them.
      await files.withApplicationsOf({ jobId: id }, () => repo.deleteJob(db, id));
    },

    /** The employer's own jobs with status, why each is not public, and applicants. */
    async listMine(viewer: Viewer, q: EmployerJobQuery, toPage: (rows: EmployerJob[], total: number) => Paginated<EmployerJob>) {
      const company = await findCompanyByOwner(db, viewer.userId);
      if (!company) return toPage([], 0);
      const today = utcToday();
      const { rows, total } = await repo.findCompanyJobs(db, company.id, q);
      const applicants = await repo.countApplicantsByJob(
        db,
        rows.map((r) => r.id),
      );
      return toPage(
        rows.map((row) => ({
          ...presentJob(row, { notPublicReason: notPublicReason(row, today) }),
          applicants_count: applicants.get(row.id) ?? 0,
        })),
        total,
      );
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
