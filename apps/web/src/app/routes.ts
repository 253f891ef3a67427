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
  screen: string;
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
 * Every route of spec section 2 with its access rule. The router mounts the ones whose screen
 * exists; the guard test walks all of them.
 */
export const routeTable = [
  // Everyone
  { path: '/', screen: 'home', access: 'public' },
  { path: '/forgot-password', screen: 'forgot password', access: 'public' },
  { path: '/verify-otp', screen: 'one-time-code verification', access: 'public' },
  { path: '/login', screen: 'login', access: 'public' },
  { path: '/signup', screen: 'signup', access: 'public' },
  { path: '/adminlogin', screen: 'admin login', access: 'public' },
  { path: '/job/:jobId', screen: 'job details', access: 'public' },
  // Not in the spec: a recruiter joins a company's hiring team with the e-mailed code (docs/decisions/008).
  { path: '/join-team', screen: 'join a hiring team', access: 'public' },

  // Admin
  { path: '/admindashboard', screen: 'admin dashboard', access: admin },
  { path: '/jobseekers', screen: 'job seeker management', access: admin },
  { path: '/employers', screen: 'employers management', access: admin },
  { path: '/companies', screen: 'companies management', access: admin },
  // Not in the spec: the admin keeps job categories and skills here (see apps/web/README.md).
  { path: '/admin/taxonomy', screen: 'categories and skills management', access: admin },
  // Not in the spec either: who changed what (docs/decisions/009-audit-log.md).
  { path: '/admin/audit', screen: 'audit log', access: admin },

  // Job seeker
  { path: '/dashboard/jobseeker', screen: 'job seeker dashboard', access: jobseeker },
  { path: '/jobseekerapplications', screen: 'applications and jobs list', access: jobseeker },
  { path: '/jobseekerprofile', screen: 'own profile', access: jobseeker },
  { path: '/chat', screen: 'chat list', access: jobseeker },
  { path: '/chat/:roomId', screen: 'chat room', access: jobseeker },

  // Employer
  { path: '/jobseekerprofile/:id', screen: 'job seeker profile', access: employerWithoutCompany },
  { path: '/dashboard/employer', screen: 'employer dashboard', access: employer },
  {
    path: '/EmployerCompanyManagement',
    screen: 'company details management',
    access: employerWithoutCompany,
  },
  { path: '/employer/chat', screen: 'employer chat list', access: employer },
  { path: '/employer/chat/:roomId', screen: 'employer chat room', access: employer },
  { path: '/EmployerJobManagement', screen: 'job management', access: employer },
  { path: '/EmployerJobapplicants/:jobId', screen: 'applicants of a job', access: employer },
  { path: '/schedule-interview/:applicantId', screen: 'interview scheduler', access: employer },
  // Not in the spec: the company's interviews as an agenda (issue #10).
  { path: '/EmployerInterviews', screen: 'interviews agenda', access: employer },
  {
    path: '/interview-feedback/:interviewId',
    screen: 'interview feedback form',
    access: employerWithoutCompany,
  },

  // Everyone signed in: all their notifications (not in the spec; the bell shows the newest only).
  { path: '/notifications', screen: 'notifications', access: { roles: ['admin', 'jobseeker', 'employer'], requiresCompanyDetails: false } },

  // Job seeker or employer: the intended rule (both may enter), not the earlier always-redirect.
  // The company check applies to the employer only, as on the other employer chat routes.
  {
    path: '/chat/:jobseekerId/:employerId',
    screen: 'chat room between the pair',
    access: { roles: ['jobseeker', 'employer'], requiresCompanyDetails: true },
  },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routeTable)[number]['path'];
