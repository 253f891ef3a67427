import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findUsers(db: Db, q: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    filters.push(or(ilike(users.email, pattern), ilike(users.fullName, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.id)).limit(q.page_size).offset(offsetOf(q)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
