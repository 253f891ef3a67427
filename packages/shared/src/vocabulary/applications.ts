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
export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  (applicationStatuses as readonly unknown[]).includes(value);

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

/** What the status rules read of an application besides its status. */
export interface MoveFacts {
  /** An interview of it has begun: scheduled (or rescheduled, or completed) at a time now past. */
  hasHeldInterview: boolean;
}

/**
 * The one rule for status moves, used by the server (authority; it answers `allowed_statuses`).
 * "Interviewed" needs an interview that has begun; without the facts none is assumed.
 */
export function canMoveApplication(
  from: ApplicationStatus,
  to: ApplicationStatus,
  by: 'employer' | 'jobseeker',
  facts: MoveFacts = { hasHeldInterview: false },
): boolean {
  if (finalStatuses.includes(from) || from === to) return false;
  if (by === 'jobseeker') return to === 'withdrawn';
  if (to === 'rejected') return true;
  if (to === 'interviewed' && !facts.hasHeldInterview) return false;
  const a = forwardOrder.indexOf(from);
  const b = forwardOrder.indexOf(to);
  return a >= 0 && b > a;
}

/** Who moved an application, in its history. */
export const statusChangers = ['jobseeker', 'employer', 'admin', 'system'] as const;
export type StatusChanger = (typeof statusChangers)[number];

export const applicantSorts = ['newest', 'oldest'] as const;
export type ApplicantSort = (typeof applicantSorts)[number];
