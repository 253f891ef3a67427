import type { UserOut } from '@jobportal/shared';
import type { UserRow } from '../../db/schema';

/** The only shape in which a user leaves the server: fields picked, never the password hash. */
export function presentUser(row: UserRow): UserOut {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role: row.role,
    is_active: row.isActive,
    email_verified: row.emailVerified,
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
  };
}
