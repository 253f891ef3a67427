import type { ReactNode } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import type { Session } from '../lib/session/session';
import { useSession } from '../lib/session/use-session';
import { routeTable, type AccessRule } from './routes';

export type AccessDecision = 'allow' | '/login' | '/EmployerCompanyManagement';

/**
 * The access guard of spec section 4, in order: (1) no role, or a role the route does not allow,
 * goes to /login; (2) an employer without company details on a route that needs them goes to
 * /EmployerCompanyManagement; (3) otherwise the screen shows.
 */
export function decideAccess(session: Pick<Session, 'role' | 'companyDetailsSubmitted'>, rule: AccessRule): AccessDecision {
  if (session.role === null || !rule.roles.includes(session.role)) return '/login';
  if (rule.requiresCompanyDetails && session.role === 'employer' && session.companyDetailsSubmitted !== true) {
    return '/EmployerCompanyManagement';
  }
  return 'allow';
}

/** Whether this session may open an in-app address (unknown addresses: yes, they show the fallback). */
export function mayOpen(session: Pick<Session, 'role' | 'companyDetailsSubmitted'>, address: string): boolean {
  const pathname = address.split(/[?#]/)[0] ?? address;
  const route = routeTable.find((entry) => matchPath(entry.path, pathname));
  return !route || route.access === 'public' || decideAccess(session, route.access) === 'allow';
}

export function RequireRole({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const decision = decideAccess(session, rule);
  if (decision === 'allow') return children;
  // Sent to sign in, the visitor comes back here once signed in (features/auth/navigation-state.ts).
  return <Navigate to={decision} replace state={decision === '/login' ? { from: pathname + search } : undefined} />;
}
