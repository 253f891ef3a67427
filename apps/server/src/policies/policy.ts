import { AppError, forbidden, notFound } from '../lib/app-error';
import type { Viewer } from '../lib/access';

/**
 * Who may do what to which thing, for every domain, in one table (docs/decisions/008-access-policy.md).
 *
 * Services load the facts a rule needs (a few ids and flags, never a whole row) and call
 * `authorize(actor, action, facts)` before they act; nothing else compares owner or member ids.
 * A rule answers one of three verdicts, and the HTTP answer follows from it the same way everywhere:
 * - allow;
 * - hide: the actor may not even know the thing exists → 404, the same answer as a missing thing;
 * - forbid: the thing is visible to the actor but not theirs to change → 403.
 * Which roles may call a route at all stays on the route (`app.requireRole`, 401/403 before any row
 * is read); the rules repeat the role where it matters, so each row reads whole. The matrix test
 * (policies/policy-matrix.test.ts) calls every endpoint as each kind of caller against real rows.
 */

export type Actor = Viewer | null;

type Verdict = { kind: 'allow' } | { kind: 'hide' } | { kind: 'forbid'; detail: string };
const allow: Verdict = { kind: 'allow' };
const hide: Verdict = { kind: 'hide' };
const forbid = (detail = 'You are not allowed to do that.'): Verdict => ({ kind: 'forbid', detail });

// The facts each kind of thing offers its rules.
export interface CompanyFacts {
  id: number;
  isApproved: boolean;
}
export interface JobFacts {
  companyId: number;
  /** Open, not past its deadline, of an approved company (jobs.service `notPublicReason`). */
  isPublic: boolean;
}
/** What a job's public page (/jobs/{id}) reads: a job of an approved company has one, open or closed. */
export interface JobPageFacts {
  isCompanyApproved: boolean;
}
export interface ApplicationFacts {
  jobseekerId: number;
  /** The company of the job applied to. */
  companyId: number;
}
/** An application's resume: the company's view of it ends with a withdrawal, as the profile's does. */
export interface ApplicationResumeFacts extends ApplicationFacts {
  isWithdrawn: boolean;
}
export interface JobseekerFacts {
  id: number;
  /** The companies this job seeker has a live application with (open, or hired/rejected by them; not withdrawn). */
  appliedToCompanyIds: readonly number[];
}
/** A job seeker and a company who might talk (chat.open). */
export interface ChatPairFacts {
  jobseekerId: number;
  companyId: number;
  /** The job seeker applied to one of the company's jobs: the only way a conversation starts (no cold messages). */
  hasApplied: boolean;
}
/** A conversation: it belongs to the job seeker and the company, every member of which speaks for it. */
export interface ChatRoomFacts {
  jobseekerId: number;
  companyId: number;
}
/** An interview (or the application it is for): whose it is on each side. */
export interface InterviewFacts {
  jobseekerId: number;
  /** The company of the job. */
  companyId: number;
}
export interface FeedbackFacts extends InterviewFacts {
  authorId: number;
}
/** A team note on an application: the company's, and its author's to change. */
export interface NoteFacts {
  companyId: number;
  /** Null once the author's account is gone (nobody edits it then). */
  authorId: number | null;
}
/** A job alert: whose it is (null: a visitor's, held by its e-mail's links). */
export interface JobAlertFacts {
  ownerId: number | null;
}
/** A job alert reached by a link of its e-mails: the link's token is the alert's (and for this purpose). */
export interface AlertTokenFacts {
  tokenHolds: boolean;
}
export interface TeamMemberFacts {
  companyId: number;
  isCompanyApproved: boolean;
  role: 'owner' | 'recruiter';
}

// Who the actor is, in the words the rules use.
const isAdmin = (a: Actor) => a?.role === 'admin';
const isEmployer = (a: Actor) => a?.role === 'employer';
const isJobseeker = (a: Actor) => a?.role === 'jobseeker';
/** Works for the company: its owner or one of its recruiters. */
const isMemberOf = (a: Actor, companyId: number) => isEmployer(a) && a!.companyId === companyId;
const isOwnerOf = (a: Actor, companyId: number) => isMemberOf(a, companyId) && a!.companyRole === 'owner';
const isSelf = (a: Actor, userId: number) => a !== null && a.userId === userId;

/** A change rule: hidden unless the actor may see the thing; then allowed or refused with a reason. */
const change = (maySee: boolean, mayChange: boolean, refusal?: string): Verdict => (!maySee ? hide : mayChange ? allow : forbid(refusal));

const companyVisible = (a: Actor, c: CompanyFacts) => c.isApproved || isAdmin(a) || isMemberOf(a, c.id);
const jobVisible = (a: Actor, j: JobFacts) => j.isPublic || isAdmin(a) || isMemberOf(a, j.companyId);
const inConversation = (a: Actor, r: ChatRoomFacts) => (isJobseeker(a) && isSelf(a, r.jobseekerId)) || isMemberOf(a, r.companyId);
const applicationVisible = (a: Actor, x: ApplicationFacts) => isSelf(a, x.jobseekerId) || isMemberOf(a, x.companyId);

/**
 * The table. Each row: an action, the facts it reads, its rule. Read it as
 * "<action>: <who is allowed>; <who gets 403>; everyone else 404".
 */
export const policy = {
  // Companies
  'company.view': (a: Actor, c: CompanyFacts) => (companyVisible(a, c) ? allow : hide),
  /** Submit a company: an employer who works for none yet (a second one is a 409 of the service). */
  'company.create': (a: Actor) => (isEmployer(a) ? allow : forbid('Only employers submit a company.')),
  'company.edit': (a: Actor, c: CompanyFacts) =>
    change(companyVisible(a, c), isOwnerOf(a, c.id) || isAdmin(a), 'Only the company owner edits the company details.'),
  'company.approve': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators approve companies; leave is_approved out.')),
  'company.delete': (a: Actor, c: CompanyFacts) =>
    change(companyVisible(a, c), isOwnerOf(a, c.id) || isAdmin(a), 'Only the company owner or an administrator deletes a company.'),

  // The hiring team
  'team.view': (a: Actor, c: CompanyFacts) =>
    change(companyVisible(a, c), isMemberOf(a, c.id) || isAdmin(a), "Only the company's team sees its members."),
  'team.manage': (a: Actor, c: CompanyFacts) =>
    change(companyVisible(a, c), isOwnerOf(a, c.id), 'Only the company owner manages the team.'),
  'team.remove_member': (a: Actor, m: TeamMemberFacts) => {
    const company = { id: m.companyId, isApproved: m.isCompanyApproved };
    if (!companyVisible(a, company)) return hide;
    if (!isOwnerOf(a, m.companyId)) return forbid('Only the company owner manages the team.');
    return m.role === 'owner' ? forbid('The owner cannot be removed from the company.') : allow;
  },

  // Jobs
  'job.view': (a: Actor, j: JobFacts) => (jobVisible(a, j) ? allow : hide),
  /**
   * The job's page for people and search engines, read by anyone without signing in: every job of an
   * approved company, a closed one too (it says so; docs/decisions/020-job-pages.md).
   */
  'job.view_page': (_a: Actor, j: JobPageFacts) => (j.isCompanyApproved ? allow : hide),
  /** Post a job: a member of a company (any company; its approval only decides whether the job is public). */
  'job.create': (a: Actor) =>
    isEmployer(a) && a!.companyId !== null
      ? allow
      : forbid(isEmployer(a) ? 'Submit your company details before posting a job.' : 'Only employers post jobs.'),
  'job.edit': (a: Actor, j: JobFacts) => change(jobVisible(a, j), isMemberOf(a, j.companyId), "Only the job's company changes it."),
  'job.delete': (a: Actor, j: JobFacts) =>
    change(jobVisible(a, j), isMemberOf(a, j.companyId) || isAdmin(a), "Only the job's company or an administrator deletes it."),
  /** Its applicant count and the list of applicants. */
  'job.view_applicants': (a: Actor, j: JobFacts) =>
    change(jobVisible(a, j), isMemberOf(a, j.companyId), "Only the job's company sees its applicants."),

  // Applications
  'application.create': (a: Actor, j: JobFacts) =>
    !j.isPublic ? hide : isJobseeker(a) ? allow : forbid('Only job seekers apply to jobs.'),
  'application.withdraw': (a: Actor, x: ApplicationFacts) =>
    change(applicationVisible(a, x), isSelf(a, x.jobseekerId), 'Only the job seeker can withdraw an application.'),
  'application.move': (a: Actor, x: ApplicationFacts) =>
    change(applicationVisible(a, x), isMemberOf(a, x.companyId), "Only the job's company moves an application."),
  /** The resume sent with an application. */
  /** The applicant always; the job's company while the application is live (not withdrawn), like the profile. */
  'application.view_resume': (a: Actor, x: ApplicationResumeFacts) =>
    isSelf(a, x.jobseekerId) || (isMemberOf(a, x.companyId) && !x.isWithdrawn) ? allow : hide,

  // The hiring pipeline (issue #50): the company's team works as one; the job seeker never sees the notes.
  /** Read and write the team's notes on an application: its company's members; everyone else 404 (not even that it has notes). */
  'application.notes': (a: Actor, x: ApplicationFacts) => (isMemberOf(a, x.companyId) ? allow : hide),
  /** Edit or delete a note: its author; teammates see it (403), everyone else 404. */
  'note.edit': (a: Actor, n: NoteFacts) =>
    change(isMemberOf(a, n.companyId), n.authorId !== null && isSelf(a, n.authorId), 'Only its author edits or deletes a note.'),
  /** The company's message templates: its team reads and keeps them. */
  'template.manage': (a: Actor, c: CompanyFacts) =>
    change(companyVisible(a, c), isMemberOf(a, c.id), "Only the company's team keeps its message templates."),
  /** Move, reject or export many applicants of a job at once. */
  'job.bulk_applicants': (a: Actor, j: JobFacts) =>
    change(jobVisible(a, j), isMemberOf(a, j.companyId), "Only the job's company acts on its applicants."),
  /** An application's timeline (applied, first viewed, moves, interviews): the job seeker and the company. */
  'application.timeline': (a: Actor, x: ApplicationFacts) => (applicationVisible(a, x) ? allow : hide),

  // Interviews: any member of the job's company acts for the employer; the job seeker answers.
  'interview.view': (a: Actor, i: InterviewFacts) => (isSelf(a, i.jobseekerId) || isMemberOf(a, i.companyId) ? allow : hide),
  /** Schedule or offer times for an application (its facts). */
  'interview.schedule': (a: Actor, x: ApplicationFacts) =>
    change(applicationVisible(a, x), isMemberOf(a, x.companyId), "Only the job's company schedules interviews."),
  /** Reschedule, change, cancel or complete. */
  'interview.change': (a: Actor, i: InterviewFacts) =>
    change(
      isSelf(a, i.jobseekerId) || isMemberOf(a, i.companyId),
      isMemberOf(a, i.companyId),
      "Only the job's company changes an interview.",
    ),
  /** Pick one of the offered times, confirm attendance. */
  'interview.respond': (a: Actor, i: InterviewFacts) =>
    change(
      isSelf(a, i.jobseekerId) || isMemberOf(a, i.companyId),
      isSelf(a, i.jobseekerId),
      'Only the job seeker picks a time or confirms.',
    ),

  // Interview feedback
  'feedback.create': (a: Actor, i: InterviewFacts) =>
    change(isSelf(a, i.jobseekerId) || isMemberOf(a, i.companyId), isMemberOf(a, i.companyId), "Only the job's company gives feedback."),
  'feedback.edit': (a: Actor, f: FeedbackFacts) =>
    change(
      isSelf(a, f.jobseekerId) || isMemberOf(a, f.companyId),
      isMemberOf(a, f.companyId) && isSelf(a, f.authorId),
      'Only its author edits feedback.',
    ),
  /** Show it on the profile or hide it (`is_approved`). */
  'feedback.choose_shown': (a: Actor, f: FeedbackFacts) =>
    change(isSelf(a, f.jobseekerId) || isMemberOf(a, f.companyId), isSelf(a, f.jobseekerId), 'Only the job seeker chooses what is shown.'),

  // Job seekers' profiles (and their photo and resume)
  'jobseeker.view': (a: Actor, s: JobseekerFacts) =>
    isSelf(a, s.id) || isAdmin(a) || (isEmployer(a) && a!.companyId !== null && s.appliedToCompanyIds.includes(a!.companyId))
      ? allow
      : hide,
  /** The resume on the profile today: the job seeker's own and admins'; companies read the one sent with an application. */
  'jobseeker.view_profile_resume': (a: Actor, s: { id: number }) => (isSelf(a, s.id) || isAdmin(a) ? allow : hide),

  // Chat (decisions.md "Chat and live events"): the job seeker and the company, never anyone else.
  /** Open (or find) the pair's conversation: a member of a company with a job seeker who applied to it, and back. */
  'chat.open': (a: Actor, p: ChatPairFacts) => (p.hasApplied && inConversation(a, p) ? allow : hide),
  /** Read a conversation, its messages and mark them read; the company's members read it as the company. */
  'chat.view': (a: Actor, r: ChatRoomFacts) => (inConversation(a, r) ? allow : hide),
  /** Write in a conversation: the same two parties (a removed recruiter loses it at once: companyId is read per request). */
  'chat.send': (a: Actor, r: ChatRoomFacts) => (inConversation(a, r) ? allow : hide),

  // Job alerts (docs/decisions/024-job-alerts.md): saved searches, each its owner's alone.
  /** Save a search as an alert: job seekers (visitors subscribe with an e-mail address instead). */
  'alert.create': (a: Actor) => (isJobseeker(a) ? allow : forbid('Only job seekers save job alerts; visitors subscribe by e-mail.')),
  /** See an alert and its matches: its owner only; to everyone else it does not exist. */
  'alert.view': (a: Actor, x: JobAlertFacts) => (isJobseeker(a) && x.ownerId !== null && isSelf(a, x.ownerId) ? allow : hide),
  /** Change, pause or delete an alert: its owner only. */
  'alert.edit': (a: Actor, x: JobAlertFacts) => (isJobseeker(a) && x.ownerId !== null && isSelf(a, x.ownerId) ? allow : hide),
  /** Anyone, signed in or not, may ask for e-mails for an address: nothing is sent before its owner confirms it. */
  'alert.subscribe': () => allow,
  /** Confirm, read, change, pause or unsubscribe through an e-mail's link: whoever holds the link, signed in or not. */
  'alert.manage_by_token': (_a: Actor, t: AlertTokenFacts) => (t.tokenHolds ? allow : hide),

  // The admin area: people and the dashboard. Admins only; who may not be deactivated or deleted
  // (oneself, the last active admin) is a conflict of the state, answered 409 by the users service.
  'admin.view_data': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators see the admin dashboard.')),
  'user.view': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators see accounts.')),
  'user.create': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators create accounts.')),
  'user.edit': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators edit accounts.')),
  'user.toggle_active': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators activate or deactivate accounts.')),
  'user.delete': (a: Actor) => (isAdmin(a) ? allow : forbid('Only administrators delete accounts.')),

  // Privacy self-service (docs/decisions/017-privacy.md): each person their own data, every role;
  // nobody else, administrators included, ever sees an export (they see that one was made, in the log).
  /** Ask for a copy of one's data, and see one's own exports. */
  'account.export': (a: Actor) => (a ? allow : hide),
  /** Download an export's zip: its owner only (another person's is a 404, as a missing one). */
  'account.download_export': (a: Actor, e: { ownerId: number }) => (isSelf(a, e.ownerId) ? allow : hide),
  /** Delete one's own account (the last active administrator may not: a 409 of the state). */
  'account.delete': (a: Actor) => (a ? allow : hide),
} as const;

export type Action = keyof typeof policy;
type FactsOf<A extends Action> = Parameters<(typeof policy)[A]>[1];

/** What a hidden or missing thing is called in the 404 answer. */
const hiddenAnswer: Record<string, () => AppError> = {
  company: () => notFound('That company'),
  team: () => notFound('That company'),
  job: () => new AppError('not_found', 'This job is no longer available.'),
  application: () => notFound('That application'),
  jobseeker: () => notFound('That job seeker'),
  chat: () => notFound('That conversation'),
  interview: () => notFound('That interview'),
  feedback: () => notFound('That feedback'),
  note: () => notFound('That note'),
  template: () => notFound('That company'),
  user: () => notFound('That account'),
  account: () => notFound('That export'),
  admin: () => notFound('That page'),
  alert: () => notFound('That job alert'),
};

/** The verdict without throwing: for presenters that show more to those allowed (e.g. applicant counts). */
export function can<A extends Action>(actor: Actor, action: A, facts: FactsOf<A>): boolean {
  const rule = policy[action] as (a: Actor, f?: unknown) => Verdict;
  return rule(actor, facts).kind === 'allow';
}

/**
 * Throws unless the actor may do the action: 404 for a missing thing (facts `undefined`) and for a
 * hidden one alike, 403 for a visible one that is not theirs. `notFoundAs` names the thing when
 * the action's own name does not (e.g. "That resume").
 */
export function authorize<A extends Action>(
  actor: Actor,
  action: A,
  facts: FactsOf<A> | undefined,
  { notFoundAs }: { notFoundAs?: string } = {},
): void {
  const hidden = () => (notFoundAs ? notFound(notFoundAs) : hiddenAnswer[action.split('.')[0]!]!());
  const rule = policy[action] as (a: Actor, f?: unknown) => Verdict;
  const takesFacts = rule.length > 1;
  if (takesFacts && facts === undefined) throw hidden();
  const verdict = rule(actor, facts);
  if (verdict.kind === 'hide') throw hidden();
  if (verdict.kind === 'forbid') throw forbidden(verdict.detail);
}
