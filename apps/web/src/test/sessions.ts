import type { Role } from '@jobportal/shared';
import type { Session } from '../lib/session/session';

export function sessionFor(role: Role, overrides: Partial<Session> = {}): Session {
  return {
    user: { id: 7, email: `${role}@example.com`, full_name: 'Ada Lovelace' },
    role,
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    userid: 7,
    full_name: 'Ada Lovelace',
    companyDetailsSubmitted: role === 'employer',
    ...overrides,
  };
}
