import type { ApplicantOut, ApplicationOut, ApplicationStatus, MatchingJob, Paginated, SavedJobOut } from '@jobportal/shared';

// Shapes of the contract's answers that @jobportal/shared describes only as zod schemas.
// Types only: nothing here reaches a bundle.

export type StatusCounts = Partial<Record<ApplicationStatus, number>>;

export interface ApplicantList extends Paginated<ApplicantOut> {
  status_counts: StatusCounts;
}

export interface ApplicationStatusCheck {
  hasApplied: boolean;
  application_id: number | null;
  status: ApplicationStatus | null;
}

export interface MatchingJobList extends Paginated<MatchingJob> {
  hint: string | null;
}

export interface JobseekerDashboard {
  applications_by_status: StatusCounts;
  recent_applications: ApplicationOut[];
  saved_jobs_count: number;
  saved_jobs: SavedJobOut[];
  matching_jobs: MatchingJob[];
  profile_completeness: number;
}

export interface EmployerDashboard {
  jobs_posted: number;
  open_jobs: number;
  applications_total: number;
  applications_by_status: StatusCounts;
  applications_by_job: { job_id: number; title: string; count: number }[];
  recent_applicants: ApplicantOut[];
}
