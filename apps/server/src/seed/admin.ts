import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createUser } from './factories';

/** ADMIN_EMAIL + ADMIN_PASSWORD: make sure that admin exists, active, with that password. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!existing) {
    await createUser(db, { email, password, fullName: 'Administrator', role: 'admin' });
    return;
  }
  await db
    .update(users)
    .set({ role: 'admin', isActive: true, emailVerified: true, passwordHash: await hashPassword(password) })
    .where(eq(users.id, existing.id));
}
