import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOutSession } from '../lib/session/session';
import { renderRoutes } from '../test/render';
import { sessionFor } from '../test/sessions';
import { decideAccess, mayOpen, RequireRole } from './guard';
import { routeTable, type AccessRule, type RouteEntry } from './routes';

const guarded = (routeTable as readonly RouteEntry[]).filter(
  (route): route is RouteEntry & { access: AccessRule } => route.access !== 'public',
);
const ruleOf = (path: string): AccessRule => {
  const route = guarded.find((entry) => entry.path === path);
  if (!route) throw new Error(`No guarded route ${path}`);
  return route.access;
};

const jobseeker = sessionFor('jobseeker');
const employer = sessionFor('employer', { companyDetailsSubmitted: true });
const employerWithoutCompany = sessionFor('employer', { companyDetailsSubmitted: false });
const admin = sessionFor('admin');

describe('route table', () => {
  it('lists every route of the spec once, and the admin taxonomy and audit routes joining a team and the employer interviews', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    // The 26 routes of spec section 2, /admin/taxonomy (categories and skills, see apps/web/README.md),
    // /admin/audit (the audit log), /join-team (joining a company's hiring team), /notifications
    // and /EmployerInterviews (the interviews agenda), /privacy and /account/privacy (decision 017),
    // /company/:companyId (a company's page, issue #51), and the four of job alerts (issue #49):
    // /alerts, /alerts/:alertId and their e-mails' two links.
    expect(paths).toHaveLength(38);
  });

  it('declares the pair chat route for both job seekers and employers', () => {
    expect(ruleOf('/chat/:jobseekerId/:employerId').roles).toEqual(['jobseeker', 'employer']);
  });
});

describe('decideAccess', () => {
  it.each(guarded.map((route) => [route.path, route.access] as const))(
    'sends a visitor without a session from %s to /login',
    (_path, rule) => {
      expect(decideAccess(signedOutSession, rule)).toBe('/login');
    },
  );

  // Routes every role may open (/notifications) have no role to refuse.
  it.each(guarded.filter((route) => route.access.roles.length < 3).map((route) => [route.path, route.access] as const))(
    'sends a role the route does not allow from %s to /login',
    (_path, rule) => {
      const others = [jobseeker, employer, admin].filter((session) => session.role !== null && !rule.roles.includes(session.role));
      expect(others.length).toBeGreaterThan(0);
      for (const session of others) expect(decideAccess(session, rule)).toBe('/login');
    },
  );

  it.each(guarded.map((route) => [route.path, route.access] as const))(
    'lets an allowed role into %s (employers with company details)',
    (_path, rule) => {
      const allowed = [jobseeker, employer, admin].filter((session) => session.role !== null && rule.roles.includes(session.role));
      expect(allowed.length).toBeGreaterThan(0);
      for (const session of allowed) expect(decideAccess(session, rule)).toBe('allow');
    },
  );

  it.each([
    '/dashboard/employer',
    '/employer/chat',
    '/employer/chat/:roomId',
    '/EmployerJobManagement',
    '/EmployerJobapplicants/:jobId',
    '/schedule-interview/:applicantId',
  ])('sends an employer without company details from %s to /EmployerCompanyManagement', (path) => {
    expect(decideAccess(employerWithoutCompany, ruleOf(path))).toBe('/EmployerCompanyManagement');
  });

  it.each(['/EmployerCompanyManagement', '/interview-feedback/:interviewId', '/jobseekerprofile/:id'])(
    'lets an employer without company details into %s',
    (path) => {
      expect(decideAccess(employerWithoutCompany, ruleOf(path))).toBe('allow');
    },
  );

  describe('/chat/:jobseekerId/:employerId (the intended rule, not the earlier always-redirect)', () => {
    const rule = ruleOf('/chat/:jobseekerId/:employerId');

    it('lets a job seeker in', () => {
      expect(decideAccess(jobseeker, rule)).toBe('allow');
    });

    it('lets an employer with company details in', () => {
      expect(decideAccess(employer, rule)).toBe('allow');
    });

    it('sends an employer without company details to company management', () => {
      expect(decideAccess(employerWithoutCompany, rule)).toBe('/EmployerCompanyManagement');
    });

    it('sends an admin and a visitor to /login', () => {
      expect(decideAccess(admin, rule)).toBe('/login');
      expect(decideAccess(signedOutSession, rule)).toBe('/login');
    });
  });

  it.each(['/admindashboard', '/jobseekers', '/employers', '/companies'])('keeps %s for admins only', (path) => {
    const rule = ruleOf(path);
    expect(decideAccess(admin, rule)).toBe('allow');
    expect(decideAccess(jobseeker, rule)).toBe('/login');
    expect(decideAccess(employer, rule)).toBe('/login');
    expect(decideAccess(employerWithoutCompany, rule)).toBe('/login');
  });

  it('checks the role before company details', () => {
    expect(decideAccess(jobseeker, ruleOf('/dashboard/employer'))).toBe('/login');
  });
});

describe('mayOpen', () => {
  it('answers for public, guarded and unknown addresses alike', () => {
    expect(mayOpen(signedOutSession, '/job/3')).toBe(true);
    expect(mayOpen(jobseeker, '/jobseekerapplications?tab=saved')).toBe(true);
    expect(mayOpen(jobseeker, '/admindashboard')).toBe(false);
    expect(mayOpen(employerWithoutCompany, '/EmployerJobManagement')).toBe(false);
    expect(mayOpen(admin, '/no-such-page')).toBe(true);
  });
});

describe('<RequireRole>', () => {
  const routes = (rule: AccessRule) => [
    { path: '/private', element: <RequireRole rule={rule}>secret screen</RequireRole> },
    { path: '/login', element: <p>login screen</p> },
    { path: '/EmployerCompanyManagement', element: <p>company screen</p> },
  ];

  it('redirects a visitor to /login, remembering where they were going', async () => {
    const { currentLocation } = renderRoutes(routes(ruleOf('/dashboard/jobseeker')), { path: '/private?tab=saved' });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
    expect(currentLocation().state).toEqual({ from: '/private?tab=saved' });
  });

  it('redirects an employer without company details to company management', async () => {
    renderRoutes(routes(ruleOf('/dashboard/employer')), {
      path: '/private',
      session: employerWithoutCompany,
    });
    expect(await screen.findByText('company screen')).toBeInTheDocument();
  });

  it('shows the screen to an allowed role', async () => {
    renderRoutes(routes(ruleOf('/chat/:jobseekerId/:employerId')), {
      path: '/private',
      session: jobseeker,
    });
    expect(await screen.findByText('secret screen')).toBeInTheDocument();
  });
});
