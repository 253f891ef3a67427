import { eq } from 'drizzle-orm';
import type { AccountOut, accountUpdate } from '@jobportal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notAuthenticated } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';

type AccountUpdate = z.output<typeof accountUpdate>;

/**
 * The caller's own account (docs/decisions/011-interviews.md): its time zone, which the web sends
 * from the browser once a session. There is no id in the path: nobody changes another's account here.
 */
export function createAccountService({ db }: { db: Db }) {
  return {
    /** Stores the zone when it differs (one conditional write; the same zone again writes nothing). */
    async update(viewer: Viewer, input: AccountUpdate): Promise<AccountOut> {
      const [row] = await db
        .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, viewer.userId));
      // The session outlived its account (deleted between the token check and now).
      if (!row) throw notAuthenticated();
      if (row.timeZone !== input.time_zone) {
        await db.update(users).set({ timeZone: input.time_zone }).where(eq(users.id, viewer.userId));
      }
      return { id: row.id, email: row.email, full_name: row.fullName, role: row.role, time_zone: input.time_zone };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
