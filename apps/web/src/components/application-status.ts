import { statusLabels, type ApplicationStatus } from '@jobportal/shared/vocabulary';

const statusColors: Record<ApplicationStatus, string> = {
  applied: 'blue',
  reviewed: 'cyan',
  interview_scheduled: 'violet',
  interviewed: 'grape',
  offered: 'orange',
  hired: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};

/**
 * One colour per application status, everywhere (badges, bars, filters), with the contract's
 * label (`statusLabels` of @jobportal/shared/vocabulary). The Record keyed by the contract's type
 * makes the compiler insist every status has a colour.
 */
export const statusView = Object.fromEntries(
  Object.entries(statusColors).map(([status, color]) => [status, { label: statusLabels[status as ApplicationStatus], color }]),
) as Record<ApplicationStatus, { label: string; color: string }>;
