import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { oncePerDatabase, type Db } from '../../db/client';
import { authSessions, companyMembers, oneTimeCodes, refreshTokens, serverKeys, users, type UserRow } from '../../db/schema';

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row;
}

/** Inserts a user; answers undefined when the e-mail is taken. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Whether the user belongs to a company (its owner or a recruiter): an employer's `companyDetailsSubmitted`. */
export async function hasCompany(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: companyMembers.id }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1);
  return row !== undefined;
}

export async function insertSession(db: Db, values: typeof authSessions.$inferInsert): Promise<void> {
  await db.insert(authSessions).values(values);
}

/** Stores a refresh token; a successor stored already (by a concurrent refresh with the same token) stays as it is. */
export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash }).onConflictDoNothing();
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions, user: users })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when it already was (a replay, or a race lost). */
export async function claimRefreshToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/**
 * Sessions with their users and company membership, where `which` picks the sessions; revoked and
 * expired ones are left out. Read on every request, so a member removed from a company loses its
 * access on the very next one.
 */
function liveSessionsWhere(db: Db, which: SQL) {
  return db
    .select({
      sessionId: authSessions.id,
      userId: users.id,
      role: users.role,
      isActive: users.isActive,
      fullName: users.fullName,
      companyId: companyMembers.companyId,
      companyRole: companyMembers.role,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(and(which, isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)));
}

// Every request reads it: built once per database (building it was ~7% of a chat server's busy
// time) and prepared once per connection, so PostgreSQL plans it once.
const liveSessionStatement = oncePerDatabase((db) =>
  liveSessionsWhere(db, eq(authSessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('auth_live_session'),
);

/** The live session and its user behind an access token, or undefined when revoked or expired. */
export async function findLiveSession(db: Db, sessionId: string) {
  const [row] = await liveSessionStatement(db).execute({ sessionId });
  return row;
}

/** The live sessions among `sessionIds` (the socket layer re-checks all of a process's sockets at once). */
export async function findLiveSessions(db: Db, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return liveSessionsWhere(db, inArray(authSessions.id, sessionIds));
}

/** Retires the unused codes of an address for one purpose. */
export async function retireCodes(db: Db, email: string, purpose: CodePurpose): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
}

/** Stores a new code, retiring the earlier unused ones of the same purpose. */
export async function replaceCode(
  db: Db,
  values: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; requestedFrom: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.email, values.email), eq(oneTimeCodes.purpose, values.purpose), isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values(values);
  });
}

export async function findLatestCode(db: Db, email: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong try, from the address that asked for the code or from another; answers that count so far. */
export async function countWrongTry(db: Db, id: number, byRequester: boolean): Promise<number> {
  const column = byRequester ? oneTimeCodes.requesterAttempts : oneTimeCodes.attempts;
  const [row] = await db
    .update(oneTimeCodes)
    .set(byRequester ? { requesterAttempts: sql`${column} + 1` } : { attempts: sql`${column} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ attempts: column });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Uses a code up; false when another request used it first. */
export async function consumeCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Reads a server-wide secret, making it on first use; every instance agrees on the winner. */
export async function ensureServerKey(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} is missing`);
  return row.value;
}

/**
 * A fresh number from the users' id sequence, never given to anyone: the id a sign-up answers when
 * it made no account, so the answer looks like a new account's either way.
 */
export async function takeUnusedUserId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`nextval(pg_get_serial_sequence('users', 'id'))::int` }).from(sql`(values (1)) as one(n)`);
  return row!.id;
}
