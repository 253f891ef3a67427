/**
 * Privacy self-service (docs/decisions/017-privacy.md): the states of a data export, and how long
 * data is kept (the server's retention job and the privacy page read the same numbers).
 */
export const dataExportStatuses = ['pending', 'building', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];
/** What a person reads for each state (made in the background: both first states are "being made"). */
export const dataExportStatusLabels: Record<DataExportStatus, string> = {
  pending: 'Being made',
  building: 'Being made',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};

export const retention = {
  /** A data export's zip can be downloaded this long after it is ready. */
  exportHours: 24,
  /** A deleted job seeker's "Former member" row and what hangs on it. */
  deletedAccountDays: 180,
  /** Applications with no change. */
  applicationMonths: 24,
  /** Sessions (sign-in history) after they ended. */
  endedSessionDays: 90,
} as const;
