import type { AlertCriteria, JobAlertManaged, JobAlertMatch, JobAlertOut } from '@jobportal/shared';
import { presentJobSummary } from '../jobs';
import type { AlertRecord, MatchRecord } from './job-alerts.repository';

/** An alert as its owner sees it. */
export function presentAlert(row: AlertRecord): JobAlertOut {
  return {
    id: row.id,
    name: row.name,
    criteria: row.criteria as AlertCriteria,
    frequency: row.frequency,
    in_app: row.inApp,
    email: row.byEmail,
    paused: row.paused,
    new_matches: row.newMatches,
    total_matches: row.totalMatches,
    last_match_at: row.lastMatchAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An alert as its e-mail's links show it (no sign-in): without the in-app switch, with where its e-mails go. */
export function presentManagedAlert(row: AlertRecord): JobAlertManaged {
  const { in_app: _inApp, ...rest } = presentAlert(row);
  return {
    ...rest,
    email_address: row.emailAddress ?? row.account?.email ?? '',
    confirmed: row.confirmedAt !== null,
    has_account: row.userId !== null,
  };
}

export function presentMatch(row: MatchRecord): JobAlertMatch {
  return { id: row.jobId, matched_at: row.matchedAt.toISOString(), is_new: row.isNew, job: presentJobSummary(row.job) };
}
