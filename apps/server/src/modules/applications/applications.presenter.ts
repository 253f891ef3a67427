import { applicationStatuses, canMoveApplication, type ApplicantOut, type ApplicationOut } from '@jobportal/shared';
import { presentJobSummary } from '../jobs';
import { presentFile, profileFileUrl } from '../profiles';
import type { ApplicantRecord, MyApplicationRecord } from './application-lists.repository';
import type { HistoryEntryRow } from './applications.repository';
import type { ApplicantCardFacts } from './applicant-cards.repository';

export const applicationResumeUrl = (applicationId: number) => `/api/applications/${applicationId}/resume/`;

const presentHistory = (entries: HistoryEntryRow[]) =>
  entries.map((e) => ({ status: e.status, changed_at: e.changedAt.toISOString(), changed_by: e.changedBy }));

/** The company member behind the newest employer move. */
function lastMovedBy(history: HistoryEntryRow[]): { id: number; full_name: string } | null {
  const last = history.findLast((e) => e.changedBy === 'employer');
  return last?.changedByUser ? { id: last.changedByUser.id, full_name: last.changedByUser.fullName } : null;
}

/** The only shape in which an application leaves the server for its job seeker. */
export function presentApplication(row: MyApplicationRecord, history: HistoryEntryRow[]): ApplicationOut {
  const { application } = row;
  return {
    id: application.id,
    job: presentJobSummary(row.job),
    status: application.status,
    cover_letter: application.coverLetter,
    resume: presentFile(applicationResumeUrl(application.id), row.resume),
    applied_at: application.appliedAt.toISOString(),
    updated_at: application.updatedAt.toISOString(),
    history: presentHistory(history),
  };
}

/** The only shape in which an application leaves the server for its job's employer. */
/** The match reasons of a card: the skills in common, said as the matching jobs say them. */
function matchReasons(card: ApplicantCardFacts): string[] {
  const n = card.matchedSkills.length;
  return n > 0 ? [`${n} of ${card.skillTotal} required skills: ${card.matchedSkills.join(', ')}`] : [];
}

export function presentApplicant(row: ApplicantRecord, history: HistoryEntryRow[], card: ApplicantCardFacts): ApplicantOut {
  const { application, applicant } = row;
  return {
    id: application.id,
    job: application.jobId,
    status: application.status,
    applied_at: application.appliedAt.toISOString(),
    updated_at: application.updatedAt.toISOString(),
    cover_letter: application.coverLetter,
    resume: presentFile(applicationResumeUrl(application.id), row.resume),
    applicant: {
      id: applicant.id,
      full_name: applicant.fullName,
      email: applicant.email,
      current_job_title: row.currentJobTitle,
      // A withdrawn application no longer opens the profile (nor its photo): no address that answers 404.
      photo: row.photoFileId && application.status !== 'withdrawn' ? profileFileUrl(applicant.id, 'photo', row.photoFileId) : null,
      time_zone: applicant.timeZone,
    },
    history: presentHistory(history),
    last_moved_by: lastMovedBy(history),
    allowed_statuses: applicationStatuses.filter((to) => canMoveApplication(application.status, to, 'employer', row)),
    match_reasons: matchReasons(card),
    interview: card.interview && {
      id: card.interview.id,
      starts_at: card.interview.startsAt.toISOString(),
      status: card.interview.status,
      is_upcoming: card.interview.isUpcoming,
    },
    unread_messages: card.unreadMessages,
  };
}

/** Every status with its count (0 for those absent), in the order of the status list: ready for a chart. */
export function countsByStatus(counts: Map<string, number>): Record<(typeof applicationStatuses)[number], number> {
  return Object.fromEntries(applicationStatuses.map((s) => [s, counts.get(s) ?? 0])) as Record<
    (typeof applicationStatuses)[number],
    number
  >;
}
