import type { EmploymentType, ExperienceLevel, JobSort, NotPublicReason, PostedWithin } from './job-types';

// The contract's value lists, repeated here without zod: importing them from @jobportal/shared would
// pull the zod schemas of that module into the public job search chunk. A Record keyed by the
// contract's type makes the compiler insist that every value is listed (and no other).
const employmentTypeSet: Record<EmploymentType, true> = {
  'Full-time': true,
  'Part-time': true,
  Contract: true,
  Temporary: true,
  Internship: true,
  Freelance: true,
};
const experienceLevelSet: Record<ExperienceLevel, true> = {
  'Entry level': true,
  'Mid level': true,
  'Senior level': true,
  Executive: true,
};

export const employmentTypeValues = Object.keys(employmentTypeSet) as EmploymentType[];
export const experienceLevelValues = Object.keys(experienceLevelSet) as ExperienceLevel[];

export const isEmploymentType = (value: unknown): value is EmploymentType =>
  typeof value === 'string' && Object.hasOwn(employmentTypeSet, value);
export const isExperienceLevel = (value: unknown): value is ExperienceLevel =>
  typeof value === 'string' && Object.hasOwn(experienceLevelSet, value);

export const jobSortLabels: Record<JobSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  salary: 'Highest pay',
};
export const isJobSort = (value: unknown): value is JobSort => typeof value === 'string' && Object.hasOwn(jobSortLabels, value);

export const postedWithinLabels: Record<PostedWithin, string> = {
  '1': 'Past 24 hours',
  '7': 'Past week',
  '30': 'Past month',
};
export const isPostedWithin = (value: unknown): value is PostedWithin =>
  typeof value === 'string' && Object.hasOwn(postedWithinLabels, value);

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
