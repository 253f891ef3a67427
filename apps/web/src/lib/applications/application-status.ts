import type { ApplicationStatus } from '@jobportal/shared';

/**
 * One colour per application status, everywhere (badges, bars, filters). Without zod: the job
 * page and the search import this, so the labels are repeated here; the Record keyed by the
 * contract's type makes the compiler insist every status is listed. They match `statusLabels` of
 * @jobportal/shared (application-status.test.ts checks).
 */
export const statusView: Record<ApplicationStatus, { label: string; color: string }> = {
  applied: { label: 'Applied', color: 'blue' },
  reviewed: { label: 'Reviewed', color: 'cyan' },
  interview_scheduled: { label: 'Interview scheduled', color: 'violet' },
  interviewed: { label: 'Interviewed', color: 'grape' },
  offered: { label: 'Offered', color: 'orange' },
  hired: { label: 'Hired', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

export const applicationStatusValues = Object.keys(statusView) as ApplicationStatus[];

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && Object.hasOwn(statusView, value);

/** Open: the job seeker may still withdraw it; the employer may still move it. */
export const isOpenStatus = (status: ApplicationStatus) => status !== 'hired' && status !== 'rejected' && status !== 'withdrawn';
