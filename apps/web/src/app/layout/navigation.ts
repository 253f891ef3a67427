import type { Session } from '../../lib/session/session';

export interface NavItem {
  label: string;
  to: string;
}

/** The signed-in role's navigation: only screens that exist. */
export function navItemsFor(session: Pick<Session, 'role'>): NavItem[] {
  switch (session.role) {
    case 'jobseeker':
      return [
        { label: 'Dashboard', to: '/dashboard/jobseeker' },
        { label: 'Find jobs', to: '/' },
        { label: 'Applications', to: '/jobseekerapplications' },
        { label: 'Alerts', to: '/alerts' },
        { label: 'Messages', to: '/chat' },
        { label: 'Profile', to: '/jobseekerprofile' },
      ];
    case 'employer':
      return [
        { label: 'Dashboard', to: '/dashboard/employer' },
        { label: 'Jobs', to: '/EmployerJobManagement' },
        { label: 'Interviews', to: '/EmployerInterviews' },
        { label: 'Messages', to: '/employer/chat' },
        { label: 'Company', to: '/EmployerCompanyManagement' },
      ];
    case 'admin':
      return [
        { label: 'Dashboard', to: '/admindashboard' },
        { label: 'Job seekers', to: '/jobseekers' },
        { label: 'Employers', to: '/employers' },
        { label: 'Companies', to: '/companies' },
        { label: 'Categories & skills', to: '/admin/taxonomy' },
        { label: 'Audit log', to: '/admin/audit' },
      ];
    default:
      return [{ label: 'Home', to: '/' }];
  }
}
