import type { Role } from '@jobportal/shared';

/** Who may open a guarded route (spec section 4). */
export interface AccessRule {
  roles: readonly Role[];
  /** Employers must have submitted company details first. */
  requiresCompanyDetails: boolean;
}

export type RouteAccess = 'public' | AccessRule;

export interface RouteEntry {
  path: string;
  access: RouteAccess;
}

const admin = { roles: ['admin'], requiresCompanyDetails: false } as const satisfies AccessRule;
const jobseeker = {
  roles: ['jobseeker'],
  requiresCompanyDetails: false,
} as const satisfies AccessRule;
const employer = {
  roles: ['employer'],
  requiresCompanyDetails: true,
} as const satisfies AccessRule;
const employerWithoutCompany = {
  roles: ['employer'],
  requiresCompanyDetails: false,
} as const satisfies AccessRule;

/**
 * Every route of spec section 2 with its access rule, and the screen it shows in a comment (names
 * in the table would be in every first load). The router mounts the ones whose screen exists; the
 * guard test walks all of them.
 */
export const routeTable = [
  // Everyone
  { path: '/', access: 'public' }, // home
  { path: '/forgot-password', access: 'public' }, // forgot password
  { path: '/verify-otp', access: 'public' }, // one-time-code verification
  { path: '/login', access: 'public' }, // login
  { path: '/signup', access: 'public' }, // signup
  { path: '/adminlogin', access: 'public' }, // admin login
  { path: '/job/:jobId', access: 'public' }, // job details
  // Not in the spec: a company's page with its open jobs (issue #51; also served at /companies/{id}).
  { path: '/company/:companyId', access: 'public' }, // company page
  // Not in the spec: a recruiter joins a company's hiring team with the e-mailed code (docs/decisions/008).
  { path: '/join-team', access: 'public' }, // join a hiring team
  // Not in the spec: what is kept and for how long (docs/decisions/017-privacy.md).
  { path: '/privacy', access: 'public' }, // privacy page
  // Not in the spec: a job alert's e-mail links (issue #49): confirm, and manage without signing in.
  { path: '/alerts/confirm/:token', access: 'public' }, // job alert confirmation
  { path: '/alerts/manage/:token', access: 'public' }, // job alert by its e-mail's link

  // Admin
  { path: '/admindashboard', access: admin }, // admin dashboard
  { path: '/jobseekers', access: admin }, // job seeker management
  { path: '/employers', access: admin }, // employers management
  { path: '/companies', access: admin }, // companies management
  // Not in the spec: the admin keeps job categories and skills here (see apps/web/README.md).
  { path: '/admin/taxonomy', access: admin }, // categories and skills management
  // Not in the spec either: who changed what (docs/decisions/009-audit-log.md).
  { path: '/admin/audit', access: admin }, // audit log

  // Job seeker
  { path: '/dashboard/jobseeker', access: jobseeker }, // job seeker dashboard
  { path: '/jobseekerapplications', access: jobseeker }, // applications and jobs list
  { path: '/jobseekerprofile', access: jobseeker }, // own profile
  { path: '/chat', access: jobseeker }, // chat list
  { path: '/chat/:roomId', access: jobseeker }, // chat room
  // Not in the spec: saved searches that tell of new jobs (issue #49).
  { path: '/alerts', access: jobseeker }, // job alerts
  { path: '/alerts/:alertId', access: jobseeker }, // job alerts, one's matches open

  // Employer
  { path: '/jobseekerprofile/:id', access: employerWithoutCompany }, // job seeker profile
  { path: '/dashboard/employer', access: employer }, // employer dashboard
  { path: '/EmployerCompanyManagement', access: employerWithoutCompany }, // company details management
  { path: '/employer/chat', access: employer }, // employer chat list
  { path: '/employer/chat/:roomId', access: employer }, // employer chat room
  { path: '/EmployerJobManagement', access: employer }, // job management
  { path: '/EmployerJobapplicants/:jobId', access: employer }, // applicants of a job
  { path: '/schedule-interview/:applicantId', access: employer }, // interview scheduler
  // Not in the spec: the company's interviews as an agenda (issue #10).
  { path: '/EmployerInterviews', access: employer }, // interviews agenda
  { path: '/interview-feedback/:interviewId', access: employerWithoutCompany }, // interview feedback form

  // Everyone signed in: all their notifications (not in the spec; the bell shows the newest only).
  { path: '/notifications', access: { roles: ['admin', 'jobseeker', 'employer'], requiresCompanyDetails: false } }, // notifications
  // Everyone signed in: download my data, delete my account (docs/decisions/017-privacy.md).
  { path: '/account/privacy', access: { roles: ['admin', 'jobseeker', 'employer'], requiresCompanyDetails: false } }, // privacy and data

  // Job seeker or employer: the intended rule (both may enter), not the earlier always-redirect.
  // The company check applies to the employer only, as on the other employer chat routes.
  { path: '/chat/:jobseekerId/:employerId', access: { roles: ['jobseeker', 'employer'], requiresCompanyDetails: true } }, // chat room between the pair
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routeTable)[number]['path'];
