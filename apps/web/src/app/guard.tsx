import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Session } from '../lib/session/session';
import { useSession } from '../lib/session/use-session';
import type { AccessRule } from './routes';

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

export function RequireRole({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const session = useSession();
  const decision = decideAccess(session, rule);
  if (decision === 'allow') return children;
  return <Navigate to={decision} replace />;
}
