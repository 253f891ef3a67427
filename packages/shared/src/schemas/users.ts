import { z } from 'zod';
import { roleSchema } from './auth';
import { paginated, paginationQuery } from './common';

/** A user as the admin area sees it: never a password hash or a code. */
export const userOut = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: roleSchema,
  is_active: z.boolean(),
  email_verified: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type UserOut = z.infer<typeof userOut>;
export const userList = paginated(userOut);

export const userListQuery = paginationQuery.extend({
  role: roleSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;
