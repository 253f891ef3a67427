/**
 * The contract's words without zod: every value list, its labels, the limits, the upload rules
 * and the error codes. The zod schemas build their enums from these lists (one definition), the
 * server reads them through the main entry, and the web imports them from
 * `@jobportal/shared/vocabulary` so that zod stays out of its first load (docs/decisions/010).
 */
export * from './errors';
export * from './limits';
export * from './files';

/** Whether `value` is one of `list`: a type guard for what comes from an address or a form. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

// Accounts
export const roles = ['admin', 'jobseeker', 'employer'] as const;
export type Role = (typeof roles)[number];
/** The roles a person may pick when signing up (admins are made, not signed up). */
export const selfServiceRoles = ['jobseeker', 'employer'] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];

// Companies
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5000+'] as const;
export type CompanySize = (typeof companySizes)[number];

// Jobs
export const employmentTypes = ['Full-time', 'Part-time', 'Contract', 'Temporary', 'Internship', 'Freelance'] as const;
export type EmploymentType = (typeof employmentTypes)[number];
export const isEmploymentType = (value: unknown): value is EmploymentType => isOneOf(employmentTypes, value);

export const experienceLevels = ['Entry level', 'Mid level', 'Senior level', 'Executive'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];
export const isExperienceLevel = (value: unknown): value is ExperienceLevel => isOneOf(experienceLevels, value);

export const jobStatuses = ['open', 'closed'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const isJobStatus = (value: unknown): value is JobStatus => isOneOf(jobStatuses, value);
export const jobStatusLabels: Record<JobStatus, string> = { open: 'Open', closed: 'Closed' };

export const jobSorts = ['relevance', 'newest', 'salary'] as const;
export type JobSort = (typeof jobSorts)[number];
export const isJobSort = (value: unknown): value is JobSort => isOneOf(jobSorts, value);
export const jobSortLabels: Record<JobSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  salary: 'Highest pay',
};

/** Days since posting, as the search filter sends them. */
export const postedWithin = ['1', '7', '30'] as const;
export type PostedWithin = (typeof postedWithin)[number];
export const isPostedWithin = (value: unknown): value is PostedWithin => isOneOf(postedWithin, value);
export const postedWithinLabels: Record<PostedWithin, string> = {
  '1': 'Past 24 hours',
  '7': 'Past week',
  '30': 'Past month',
};

/** Why a job is not public, for its owner: null when it is. */
export const notPublicReasons = ['closed', 'deadline_passed', 'company_not_approved'] as const;
export type NotPublicReason = (typeof notPublicReasons)[number];
/** Why a job is not public, as its owner reads it. */
export const notPublicReasonLabels: Record<NotPublicReason, { short: string; long: string }> = {
  closed: { short: 'Closed', long: 'It is closed. Reopen it to take applications again.' },
  deadline_passed: {
    short: 'Deadline passed',
    long: 'Its application deadline has passed. Move the deadline to show it again.',
  },
  company_not_approved: {
    short: 'Awaiting approval',
    long: 'Your company is awaiting approval. An administrator reviews every new company, usually within a day; its open jobs become public then.',
  },
};

// Job seeker profiles
export const degreeTypes = ['Diploma', 'Bachelor', 'Master', 'PhD', 'Certification'] as const;
export type DegreeType = (typeof degreeTypes)[number];
export const proficiencyLevels = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;
export type ProficiencyLevel = (typeof proficiencyLevels)[number];
export const skillTypes = ['Technical', 'Soft'] as const;
export type SkillType = (typeof skillTypes)[number];

// Applications
/** In order: an application only moves forward, or to rejected from any open state. */
export const applicationStatuses = [
  'applied',
  'reviewed',
  'interview_scheduled',
  'interviewed',
  'offered',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const isApplicationStatus = (value: unknown): value is ApplicationStatus => isOneOf(applicationStatuses, value);

export const statusLabels: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  reviewed: 'Reviewed',
  interview_scheduled: 'Interview scheduled',
  interviewed: 'Interviewed',
  offered: 'Offered',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const finalStatuses: readonly ApplicationStatus[] = ['hired', 'rejected', 'withdrawn'];
const forwardOrder: readonly ApplicationStatus[] = ['applied', 'reviewed', 'interview_scheduled', 'interviewed', 'offered', 'hired'];

/** Open: the job seeker may still withdraw it; the employer may still move it. */
export const isOpenStatus = (status: ApplicationStatus) => !finalStatuses.includes(status);

/** The one rule for status moves, used by the server (authority) and the web (which buttons to show). */
export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus, by: 'employer' | 'jobseeker'): boolean {
  if (finalStatuses.includes(from) || from === to) return false;
  if (by === 'jobseeker') return to === 'withdrawn';
  if (to === 'rejected') return true;
  const a = forwardOrder.indexOf(from);
  const b = forwardOrder.indexOf(to);
  return a >= 0 && b > a;
}

/** Who moved an application, in its history. */
export const statusChangers = ['jobseeker', 'employer', 'admin', 'system'] as const;
export type StatusChanger = (typeof statusChangers)[number];

export const applicantSorts = ['newest', 'oldest'] as const;
export type ApplicantSort = (typeof applicantSorts)[number];
