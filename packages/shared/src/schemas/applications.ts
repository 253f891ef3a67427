import { z } from 'zod';
import { applicantSorts, applicationStatuses, interviewStatuses, statusChangers } from '../vocabulary';
import { dbId, idValue, paginated, paginationQuery } from './common';
import { jobSummary } from './jobs';
import { fileInfo } from './profiles';

export const applicationStatus = z.enum(applicationStatuses);

export const historyEntry = z.object({
  status: applicationStatus,
  changed_at: z.string(),
  changed_by: z.enum(statusChangers),
});

/**
 * POST /api/applications/ (multipart, spec section 5): job, cover_letter, use_profile_resume,
 * and a `resume` file unless use_profile_resume is true. Text parts arrive as strings.
 */
export const applyFields = z.object({
  job: idValue,
  cover_letter: z.string().trim().max(5000, 'Use at most 5,000 characters.').default(''),
  use_profile_resume: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
    .default(false),
});

/** The job seeker's view of one application. */
export const applicationOut = z.object({
  id: z.number().int(),
  job: jobSummary,
  status: applicationStatus,
  cover_letter: z.string(),
  resume: fileInfo.nullable(),
  applied_at: z.string(),
  updated_at: z.string(),
  history: z.array(historyEntry),
});
export type ApplicationOut = z.infer<typeof applicationOut>;
export const applicationList = paginated(applicationOut);
export const myApplicationsQuery = paginationQuery.extend({
  status: applicationStatus.optional(),
  search: z.string().trim().max(200).optional(),
});

export const applicationStatusCheck = z.object({
  hasApplied: z.boolean(),
  application_id: z.number().int().nullable(),
  status: applicationStatus.nullable(),
});
export type ApplicationStatusCheck = z.infer<typeof applicationStatusCheck>;

/** How many applications are in each status. */
export const statusCounts = z.record(applicationStatus, z.number().int());
export type StatusCounts = z.infer<typeof statusCounts>;

/** An employer's view of one applicant of its job. */
export const applicantOut = z.object({
  id: z.number().int(),
  job: z.number().int(),
  status: applicationStatus,
  applied_at: z.string(),
  updated_at: z.string(),
  cover_letter: z.string(),
  resume: fileInfo.nullable(),
  applicant: z.object({
    /** The job seeker's user id: `#/jobseekerprofile/{id}`. */
    id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    current_job_title: z.string().nullable(),
    photo: z.string().nullable(),
    /** The job seeker's IANA time zone (from their browser); null until known. */
    time_zone: z.string().nullable(),
  }),
  history: z.array(historyEntry),
  /** The member of the company who last moved it (null before any move, or once that account is gone). */
  last_moved_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  /** The statuses the employer may move this application to now. */
  allowed_statuses: z.array(applicationStatus),
  /** Why the applicant fits the job, e.g. "3 of 5 required skills: Python, SQL, Docker" (the profile's skills against the job's). */
  match_reasons: z.array(z.string()),
  /** The next interview, or else the last one held (null when none has a time). */
  interview: z
    .object({ id: z.number().int(), starts_at: z.string(), status: z.enum(interviewStatuses), is_upcoming: z.boolean() })
    .nullable(),
  /** Messages from the job seeker that nobody at the company has read yet. */
  unread_messages: z.number().int(),
});
export type ApplicantOut = z.infer<typeof applicantOut>;
export const applicantList = paginated(applicantOut).extend({
  status_counts: statusCounts,
});
export type ApplicantList = z.infer<typeof applicantList>;
export const applicantsQuery = paginationQuery.extend({
  status: applicationStatus.optional(),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(applicantSorts).default('newest'),
});

/**
 * GET /api/jobs/{id}/applicants/board/: the hiring board's first view in one call. The list's
 * `page_size` (a column's first page) and name `search`; the further pages are the list's, by status.
 */
export const applicantBoardQuery = paginationQuery.pick({ page_size: true }).extend({
  search: applicantsQuery.shape.search,
});
/** Every status column in pipeline order: its count (the search's matches) and its first page, newest first. */
export const applicantBoard = z.object({
  columns: z.array(z.object({ status: applicationStatus, count: z.number().int(), results: z.array(applicantOut) })),
});
export type ApplicantBoard = z.infer<typeof applicantBoard>;

/** PATCH /api/jobs/{id}/applications/status/: `{id}` is the application (applicant list item) id. */
export const applicationStatusChange = z.object({ status: applicationStatus });

export const savedJobOut = z.object({ id: z.number().int(), job: jobSummary, saved_at: z.string() });
export type SavedJobOut = z.infer<typeof savedJobOut>;
export const savedJobList = paginated(savedJobOut);
export const saveJobRequest = z.object({ job: dbId });

export const matchingJob = z.object({
  job: jobSummary,
  /**
   * 0–100: how well the job fits the profile (skills 40, wished titles 25, level 10, place 10, pay 10,
   * type 5, out of what the profile names). Null while the profile names no skills and no titles:
   * nothing to match on, so the jobs are the newest, unscored.
   */
  score: z.number().int().nullable(),
  /** Plain reasons, e.g. "4 of 5 required skills: Python, SQL, …", "Remote". */
  reasons: z.array(z.string()),
});
export type MatchingJob = z.infer<typeof matchingJob>;
export const matchingJobList = z.object({
  results: z.array(matchingJob),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  /** Set when the profile is too thin to match well: what to fill in. */
  hint: z.string().nullable(),
});
export type MatchingJobList = z.infer<typeof matchingJobList>;

export const jobseekerDashboard = z.object({
  applications_by_status: statusCounts,
  recent_applications: z.array(applicationOut),
  saved_jobs_count: z.number().int(),
  saved_jobs: z.array(savedJobOut),
  matching_jobs: z.array(matchingJob),
  profile_completeness: z.number().int(),
});
export type JobseekerDashboard = z.infer<typeof jobseekerDashboard>;
export const employerDashboard = z.object({
  jobs_posted: z.number().int(),
  open_jobs: z.number().int(),
  applications_total: z.number().int(),
  applications_by_status: statusCounts,
  applications_by_job: z.array(z.object({ job_id: z.number().int(), title: z.string(), count: z.number().int() })),
  /** The newest applicants across the company's jobs, each with the title of the job applied for. */
  recent_applicants: z.array(applicantOut.extend({ job_title: z.string() })),
});
export type EmployerDashboard = z.infer<typeof employerDashboard>;

export const notificationOut = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export const notificationList = paginated(notificationOut).extend({ unread_count: z.number().int() });
export type NotificationOut = z.infer<typeof notificationOut>;
export type NotificationList = z.infer<typeof notificationList>;
