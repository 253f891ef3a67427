import { auditActionLabels, auditObjectTypeLabels, type AuditEntry } from '@jobportal/shared';
import {
  companyRoleLabels,
  feedbackCriterionLabels,
  interviewModeLabels,
  interviewStageLabels,
  interviewLimits,
  interviewStatusLabels,
  recommendationLabels,
  statusLabels,
} from '@jobportal/shared/vocabulary';
import { formatDateTime } from '../../../lib/format';

const has = <T extends object>(record: T, key: unknown): key is Extract<keyof T, string> =>
  typeof key === 'string' && Object.hasOwn(record, key);

/** "Application status changed" for `application.status_changed`; an unknown action as it is. */
export const actionLabel = (action: string) => (has(auditActionLabels, action) ? auditActionLabels[action] : action);

export const objectTypeLabel = (type: string) => (has(auditObjectTypeLabels, type) ? auditObjectTypeLabels[type] : type);

type Names = AuditEntry['names'];
const nameIn = (list: Names['people'] | undefined, id: unknown) => list?.find((n) => n.id === Number(id))?.name;

/** "Team member Rita Recruiter", "Account Sam Seeker", "Application #41": the object, by name where it is a person. */
export function objectText(entry: Pick<AuditEntry, 'object_type' | 'object_id' | 'names'>): string {
  const name =
    entry.object_type === 'user' || entry.object_type === 'team_member' ? nameIn(entry.names?.people, entry.object_id) : undefined;
  return name ? `${objectTypeLabel(entry.object_type)} ${name}` : `${objectTypeLabel(entry.object_type)} #${entry.object_id}`;
}

/** The screen an entry's object is kept on, when an admin has one. */
export function objectLink(entry: Pick<AuditEntry, 'object_type' | 'object_id'>): string | null {
  switch (entry.object_type) {
    case 'company':
      return '/companies';
    case 'category':
    case 'skill':
      return '/admin/taxonomy';
    default:
      return null;
  }
}

const fieldLabels: Record<string, string> = {
  status: 'Status',
  is_approved: 'Approval',
  is_active: 'Account',
  name: 'Name',
  full_name: 'Name',
  email: 'E-mail',
  role: 'Role',
  reason: 'Reason',
  website_url: 'Website',
  owner_id: 'Owner',
  company_id: 'Company',
  application: 'Application',
  interview: 'Interview',
  interviewer: 'Interviewer',
  scheduled_time: 'Time',
  end_time: 'Ends',
  offered_times: 'Times offered',
  duration_minutes: 'Duration',
  time_zone: 'Time zone',
  mode: 'Where',
  location: 'Address',
  meeting_link: 'Meeting link',
  notes: 'Notes',
  stage: 'Stage',
  score: 'Score',
  recommendation: 'Recommendation',
  strengths: 'Strengths',
  concerns: 'Concerns',
  feedback: 'Feedback',
  ratings: 'Ratings',
};

/** A field in words; approval of feedback is whether it shows on the job seeker's profile. */
export function fieldLabel(key: string, entry?: Pick<AuditEntry, 'object_type'>): string {
  if (key === 'is_approved' && entry?.object_type === 'feedback') return 'On the profile';
  return fieldLabels[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
}

/** One changed value: its field, and what it was and became (undefined: it did not exist). */
export interface AuditChange {
  key: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry's before and after name, in the order they first appear. */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => ({ key, before: entry.before?.[key], after: entry.after?.[key] }));
}

const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isInstant = (value: unknown): value is string => typeof value === 'string' && instant.test(value);

/**
 * A value in words, as the entry's kind reads it: times in the reader's zone, people and companies
 * by name, statuses and stages by their labels, yes/no in words; anything unforeseen as JSON.
 */
export function valueText(key: string, value: unknown, entry: Pick<AuditEntry, 'object_type' | 'names'>): string {
  if (value === undefined || value === null || value === '') return '—';
  if (isInstant(value)) return formatDateTime(value);
  if (Array.isArray(value) && value.length > 0 && value.every(isInstant)) return value.map((v) => formatDateTime(v)).join(' · ');
  switch (key) {
    case 'is_approved':
      if (typeof value !== 'boolean') break;
      if (entry.object_type === 'feedback') return value ? 'Shown' : 'Hidden';
      return value ? 'Approved' : 'Pending';
    case 'is_active':
      if (typeof value === 'boolean') return value ? 'Active' : 'Deactivated';
      break;
    case 'status':
      if (entry.object_type === 'interview' && has(interviewStatusLabels, value)) return interviewStatusLabels[value];
      if (has(statusLabels, value)) return statusLabels[value];
      break;
    case 'stage':
      if (has(interviewStageLabels, value)) return interviewStageLabels[value];
      break;
    case 'recommendation':
      if (has(recommendationLabels, value)) return recommendationLabels[value];
      break;
    case 'mode':
      if (has(interviewModeLabels, value)) return interviewModeLabels[value];
      break;
    case 'role':
      if (has(companyRoleLabels, value)) return companyRoleLabels[value];
      break;
    case 'interviewer':
    case 'owner_id':
      return nameIn(entry.names?.people, value) ?? `Person #${String(value)}`;
    case 'company_id':
      return nameIn(entry.names?.companies, value) ?? `Company #${String(value)}`;
    // The field already says what it is: "Application #41" would say it twice.
    case 'application':
    case 'interview':
      return `#${String(value)}`;
    case 'duration_minutes':
      if (typeof value === 'number') return `${value} min`;
      break;
    case 'ratings':
      if (typeof value === 'object' && !Array.isArray(value)) {
        const rated = Object.entries(value as Record<string, unknown>);
        return rated.length
          ? rated
              .map(
                ([k, v]) =>
                  `${has(feedbackCriterionLabels, k) ? feedbackCriterionLabels[k] : k} ${String(v)} of ${interviewLimits.ratingMax}`,
              )
              .join(' · ')
          : '—';
      }
      break;
    case 'score':
      if (typeof value === 'number') return `${value} of ${interviewLimits.scoreMax}`;
      break;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString();
  return JSON.stringify(value);
}
