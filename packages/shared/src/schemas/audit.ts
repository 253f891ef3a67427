import { z } from 'zod';
import { dbId, email, paginated, paginationQuery, wholeNumber } from './common';
import { calendarDay, moment } from './text';

/**
 * Every action the audit log records, with the words people read for it. The server's recorder
 * accepts only these names, so a new kind of change is added here first (and the web labels it).
 */
export const auditActionLabels = {
  'application.status_changed': 'Application status changed',
  'application.withdrawn': 'Application withdrawn',
  'application.auto_closed': 'Unanswered application closed after 30 days',
  'applicants.bulk_moved': 'Applicants moved together',
  'applicants.bulk_rejected': 'Applicants rejected together',
  'applicants.bulk_exported': 'Applicants exported as CSV',
  'company.approval_changed': 'Company approval changed',
  'company.deleted': 'Company deleted',
  'category.created': 'Category created',
  'category.renamed': 'Category renamed',
  'category.deleted': 'Category deleted',
  'skill.created': 'Skill created',
  'skill.renamed': 'Skill renamed',
  'skill.deleted': 'Skill deleted',
  'team.member_invited': 'Team member invited',
  'team.member_joined': 'Team member joined',
  'team.member_removed': 'Team member removed',
  'team.invitation_withdrawn': 'Team invitation withdrawn',
  'interview.scheduled': 'Interview scheduled',
  'interview.offered': 'Interview times offered',
  'interview.time_chosen': 'Interview time chosen',
  'interview.confirmed': 'Interview attendance confirmed',
  'interview.updated': 'Interview changed',
  'interview.rescheduled': 'Interview rescheduled',
  'interview.cancelled': 'Interview cancelled',
  'interview.completed': 'Interview completed',
  'feedback.created': 'Interview feedback given',
  'feedback.updated': 'Interview feedback edited',
  'feedback.shown_changed': 'Interview feedback shown or hidden',
  'user.created': 'Account created',
  'user.updated': 'Account edited',
  'user.deactivated': 'Account deactivated',
  'user.activated': 'Account activated',
  'user.deleted': 'Account deleted',
  'user.self_deleted': 'Account deleted by its owner',
  'user.data_exported': 'Personal data downloaded',
} as const;
export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** What an entry is about: `object_type` with its `object_id`. */
export const auditObjectTypeLabels = {
  application: 'Application',
  company: 'Company',
  job: 'Job',
  category: 'Category',
  skill: 'Skill',
  team_member: 'Team member',
  invitation: 'Invitation',
  interview: 'Interview',
  feedback: 'Interview feedback',
  user: 'Account',
  data_export: 'Data export',
} as const;
export type AuditObjectType = keyof typeof auditObjectTypeLabels;
export const auditObjectTypes = Object.keys(auditObjectTypeLabels) as AuditObjectType[];

/** The meaningful values before or after a change (`{status: 'applied'}`), never a whole row. */
export const auditValues = z.record(z.string(), z.unknown());
export type AuditValues = z.infer<typeof auditValues>;

/**
 * Where an entry names someone or a company by id: the object of `user` and `team_member` entries,
 * and these keys of its values. The reader gets their names beside the entry (as they are now).
 */
export const auditPersonKeys = ['interviewer', 'owner_id'] as const;
export const auditCompanyKeys = ['company_id'] as const;

const namedThing = z.object({ id: z.number().int(), name: z.string() });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who made the change as they were then (e-mail and name are snapshots); null for the system. */
  actor: z.object({ id: z.number().int(), email: z.string(), full_name: z.string() }).nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: auditValues.nullable(),
  after: auditValues.nullable(),
  /** The `x-request-id` of the request that made the change, to find it in the server log. */
  request_id: z.string().nullable(),
  /**
   * The names of the people and companies the entry names by id (its object, an interviewer, an
   * owner), as they are now, where the reader may see them; a deleted one is absent.
   */
  names: z.object({ people: z.array(namedThing), companies: z.array(namedThing) }),
});
export type AuditEntry = z.infer<typeof auditEntry>;

type ActionFacts = Pick<AuditEntry, 'action' | 'before' | 'after'>;

/**
 * The words for what an entry did, fitted to its values where the action alone says too little:
 * "Feedback shown on the profile" rather than "Interview feedback shown or hidden".
 */
export function auditActionText({ action, before, after }: ActionFacts): string {
  if (action === 'feedback.shown_changed' && typeof after?.is_approved === 'boolean') {
    return after.is_approved ? 'Feedback shown on the profile' : 'Feedback hidden from the profile';
  }
  if (action === 'company.approval_changed' && typeof after?.is_approved === 'boolean') {
    if (after.is_approved) return 'Company approved';
    return after.reason === 'changed_after_approval'
      ? 'Company back in review (name, website or logo changed)'
      : 'Company approval withdrawn';
  }
  if (action === 'user.deactivated' && typeof after?.reason === 'string' && after.reason) return `Account deactivated (“${after.reason}”)`;
  if (action === 'interview.cancelled' && before?.status === 'offered') return 'Offer of interview times closed';
  return Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action as AuditAction] : action;
}
export const auditList = paginated(auditEntry);

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const instantMessage = 'Use a date (2026-11-25) or a date and time with its offset (2026-11-25T09:30:00Z).';
// The log began long after 2000; a year ahead is room enough for an open-ended filter.
const instant = z.union(
  [moment({ message: instantMessage, yearsAhead: 1 }), calendarDay({ message: instantMessage, earliest: '2000-01-01', yearsAhead: 1 })],
  {
    error: instantMessage,
  },
);

/**
 * GET /api/admin/audit/: newest first; `actor` is a user id. `since` and `until` take a date-time (both ends included)
 * or a date (UTC): `since=2026-11-01` starts at that day's first instant, `until=2026-11-30`
 * takes in that whole day. The parsed `until` is an exclusive end.
 */
export const auditQuery = paginationQuery
  .extend({
    actor: wholeNumber('Expected a user id.').pipe(dbId).optional(),
    /** The actor's e-mail as it was when they acted (finds the entries of deleted users too). */
    actor_email: email.optional(),
    action: z.string().trim().min(1).max(100).optional(),
    object_type: z.string().trim().min(1).max(60).optional(),
    object_id: z.string().trim().min(1).max(100).optional(),
    since: instant.transform((v) => new Date(dateOnly.test(v) ? `${v}T00:00:00Z` : v)).optional(),
    until: instant
      .transform((v) => (dateOnly.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(v) + 1)))
      .optional(),
  })
  .refine((q) => !q.since || !q.until || q.since < q.until, { path: ['until'], message: 'The end comes before the start.' });
export type AuditQuery = z.output<typeof auditQuery>;
export type AuditQueryInput = z.input<typeof auditQuery>;
