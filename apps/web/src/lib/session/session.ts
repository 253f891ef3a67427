import type { LoginResponse, Role, SessionUser } from '@jobportal/shared';

/** The signed-in user as spec section 3 describes it; kept in localStorage between visits. */
export interface Session {
  user: SessionUser | null;
  role: Role | null;
  accessToken: string | null;
  refreshToken: string | null;
  userid: number | null;
  full_name: string | null;
  companyDetailsSubmitted: boolean;
}

export const signedOutSession: Session = {
  user: null,
  role: null,
  accessToken: null,
  refreshToken: null,
  userid: null,
  full_name: null,
  companyDetailsSubmitted: false,
};

/** localStorage key of every session field (spec section 3 names them). */
export const sessionKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  role: 'role',
  userid: 'userid',
  full_name: 'full_name',
  companyDetailsSubmitted: 'companyDetailsSubmitted',
} as const satisfies Record<keyof Session, string>;

/** Saved by the applicants screen; sign-out removes it with the session. */
export const savedJobIdKey = 'jobId';

// A Record keyed by Role makes the compiler insist every role is listed here.
const knownRoles: Record<Role, true> = { admin: true, jobseeker: true, employer: true };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(knownRoles, value);
}

export function sessionFromLogin(reply: LoginResponse): Session {
  return {
    user: reply.user,
    role: reply.role,
    accessToken: reply.accessToken,
    refreshToken: reply.refreshToken,
    userid: reply.user.id,
    full_name: reply.user.full_name,
    companyDetailsSubmitted: reply.companyDetailsSubmitted,
  };
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, email, full_name } = value as Record<string, unknown>;
    if (typeof id !== 'number' || typeof email !== 'string' || typeof full_name !== 'string') {
      return null;
    }
    return { id, email, full_name };
  } catch {
    return null;
  }
}

function parseUserId(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) ? id : null;
}

/**
 * Reads the session back from storage. Values are parsed, never trusted as strings:
 * "false" is false (the earlier product read it as truthy), an unknown role is no role.
 */
export function readSession(storage: Storage = window.localStorage): Session {
  const role = storage.getItem(sessionKeys.role);
  const accessToken = storage.getItem(sessionKeys.accessToken);
  if (!isRole(role) || !accessToken) return signedOutSession;
  return {
    user: parseUser(storage.getItem(sessionKeys.user)),
    role,
    accessToken,
    refreshToken: storage.getItem(sessionKeys.refreshToken) || null,
    userid: parseUserId(storage.getItem(sessionKeys.userid)),
    full_name: storage.getItem(sessionKeys.full_name),
    companyDetailsSubmitted: storage.getItem(sessionKeys.companyDetailsSubmitted) === 'true',
  };
}

export function writeSession(session: Session, storage: Storage = window.localStorage): void {
  if (!session.role || !session.accessToken) {
    clearStoredSession(storage);
    return;
  }
  const values: Record<keyof Session, string | null> = {
    user: session.user ? JSON.stringify(session.user) : null,
    role: session.role,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    userid: session.userid === null ? null : String(session.userid),
    full_name: session.full_name,
    companyDetailsSubmitted: session.companyDetailsSubmitted ? 'true' : 'false',
  };
  for (const field of Object.keys(sessionKeys) as (keyof Session)[]) {
    const value = values[field];
    if (value === null) storage.removeItem(sessionKeys[field]);
    else storage.setItem(sessionKeys[field], value);
  }
}

/** Removes every stored session value, and the saved job id (spec section 4, logout). */
export function clearStoredSession(storage: Storage = window.localStorage): void {
  for (const key of Object.values(sessionKeys)) storage.removeItem(key);
  storage.removeItem(savedJobIdKey);
}

/** Where each role lands after signing in. */
export function roleHome(session: Pick<Session, 'role' | 'companyDetailsSubmitted'>): string {
  switch (session.role) {
    case 'jobseeker':
      return '/dashboard/jobseeker';
    case 'employer':
      return session.companyDetailsSubmitted ? '/dashboard/employer' : '/EmployerCompanyManagement';
    case 'admin':
      return '/admindashboard';
    default:
      return '/login';
  }
}

export const roleLabels: Record<Role, string> = {
  jobseeker: 'Job seeker',
  employer: 'Employer',
  admin: 'Administrator',
};
