// A job's state as its owner sees it: open or closed, and why it is not public. Apart from the
// job search's words (./jobs.ts), so the public search screen does not load them.
export const jobStatuses = ['open', 'closed'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const isJobStatus = (value: unknown): value is JobStatus => (jobStatuses as readonly unknown[]).includes(value);
export const jobStatusLabels: Record<JobStatus, string> = { open: 'Open', closed: 'Closed' };

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
