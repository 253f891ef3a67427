import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  applications,
  authSessions,
  companies,
  companyInvitations,
  companyMembers,
  dailyRuns,
  dataExports,
  jobseekerProfiles,
  notifications,
  oneTimeCodes,
  savedJobs,
  uploadedFiles,
  users,
  type DataExportRow,
  type UserRow,
} from '../../db/schema';

// Exports ---------------------------------------------------------------------------------------

export async function insertExport(db: Db, userId: number): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId }).returning();
  return row!;
}

/** Whom to tell that an export is ready (nothing when the account went meanwhile). */
export async function findContact(db: Db, userId: number): Promise<{ email: string; fullName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** A person's export still being made, if any (a second request while one is made gives that one). */
export async function findOpenExport(db: Db, userId: number): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['pending', 'building'])))
    .limit(1);
  return row;
}

export async function findExports(db: Db, userId: number): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(20);
}

export async function findExport(db: Db, id: number): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/**
 * Takes the next export to make: a pending one, or one a process took more than `staleAfter`
 * seconds ago and never finished (it died). SKIP LOCKED: two processes never take the same one.
 */
export async function claimExport(
  db: Db,
  now: Date,
  staleAfterSeconds: number,
): Promise<(DataExportRow & { fullName: string }) | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update data_exports set status = 'building', claimed_at = ${now.toISOString()}::timestamptz
        where id = (select id from data_exports
                    where status = 'pending'
                       or (status = 'building' and claimed_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${staleAfterSeconds}))
                    order by id limit 1 for update skip locked)
        returning id`,
  );
  if (!row) return undefined;
  const [found] = await db
    .select({ export: dataExports, fullName: users.fullName })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, row.id));
  return found && { ...found.export, fullName: found.fullName };
}

export async function markExportReady(
  db: Db,
  id: number,
  values: { storageKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
) {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'ready', ...values })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
    .returning();
  return row;
}

export async function markExportFailed(db: Db, id: number): Promise<void> {
  await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
}

/** Ready exports past their 24 hours: marked expired; answers their zips' keys to remove. */
export async function expireExports(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ key: string | null }>(
    db,
    sql`with due as (select id, storage_key from data_exports
                     where status = 'ready' and expires_at <= ${now.toISOString()}::timestamptz for update skip locked)
        update data_exports d set status = 'expired', storage_key = null from due where d.id = due.id
        returning due.storage_key as key`,
  );
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The zips of a person's exports (removed with the account). */
export async function findExportKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), sql`${dataExports.storageKey} is not null`));
  return rows.map((r) => r.key!);
}

// Deletion ----------------------------------------------------------------------------------------

export async function lockLiveUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/** The address a deleted account's row keeps: unique, never deliverable (.invalid, RFC 2606), frees the real one. */
export const formerMemberEmail = (id: number) => `former-member-${id}@deleted.invalid`;
export const formerMemberName = 'Former member';

/**
 * Turns the account into a "Former member" (docs/decisions/017-privacy.md): the row stays, so the
 * conversations, interviews and applications the other side keeps still hang on it, but it holds
 * nothing personal and nobody can sign in to it. What is personal and only theirs goes here, in the
 * caller's transaction: sessions, profile (with its lists), saved jobs, notifications, codes,
 * invitations to their address, team membership, exports, their files' rows (the resumes sent with
 * applications are cut from them first; the bytes go after the commit) and their cover letters.
 */
export async function eraseAccount(db: Db, user: UserRow, now: Date): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, user.id));
  await db.delete(jobseekerProfiles).where(eq(jobseekerProfiles.userId, user.id));
  await db.delete(savedJobs).where(eq(savedJobs.userId, user.id));
  await db.delete(notifications).where(eq(notifications.userId, user.id));
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.email, user.email));
  await db
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.email, user.email), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.withdrawnAt)));
  await db.delete(companyMembers).where(eq(companyMembers.userId, user.id));
  await db.delete(dataExports).where(eq(dataExports.userId, user.id));
  await db.update(applications).set({ resumeFileId: null, coverLetter: '' }).where(eq(applications.jobseekerId, user.id));
  await db.delete(uploadedFiles).where(eq(uploadedFiles.ownerId, user.id));
  await db
    .update(users)
    .set({
      email: formerMemberEmail(user.id),
      fullName: formerMemberName,
      passwordHash: null,
      googleSub: null,
      timeZone: null,
      emailVerified: false,
      isActive: false,
      deactivationReason: 'Deleted their account',
      lastLogin: null,
      deletedAt: now,
    })
    .where(eq(users.id, user.id));
}

/**
 * Hands the company to one of its recruiters: they become its owner, the one leaving stays a member
 * only until the erasure removes them. False when `toId` is not a recruiter of this company.
 */
export async function handOverCompany(db: Db, companyId: number, fromId: number, toId: number): Promise<boolean> {
  const moved = await db
    .update(companyMembers)
    .set({ role: 'owner' })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, toId), eq(companyMembers.role, 'recruiter')))
    .returning({ id: companyMembers.userId });
  if (!moved.length) return false;
  await db.delete(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, fromId)));
  await db.update(companies).set({ ownerId: toId }).where(eq(companies.id, companyId));
  return true;
}

/** The job seekers who applied to a company's jobs, with the job: told when the company goes. */
export async function findApplicantsOfCompany(db: Db, companyId: number) {
  return queryRows<{ jobseeker_id: number; job_title: string }>(
    db,
    sql`select a.jobseeker_id, j.title as job_title
        from applications a join jobs j on j.id = a.job_id
        where j.company_id = ${companyId} and a.status not in ('withdrawn', 'rejected', 'hired')`,
  );
}

// Retention ---------------------------------------------------------------------------------------

/** Claims today's run of a daily job: true for the one process whose UPDATE took it. */
export async function claimDailyRun(db: Db, name: string, day: string): Promise<boolean> {
  await db.insert(dailyRuns).values({ name, lastRunOn: '1970-01-01' }).onConflictDoNothing();
  const rows = await db
    .update(dailyRuns)
    .set({ lastRunOn: day })
    .where(and(eq(dailyRuns.name, name), lt(dailyRuns.lastRunOn, day)))
    .returning({ name: dailyRuns.name });
  return rows.length === 1;
}

/**
 * Job seekers' "Former member" rows deleted before `before`, with what still hangs on them
 * (applications and their interviews and feedback, conversations): gone by cascade. An employer's
 * row stays: it holds nothing personal, and the company's jobs, interviews and messages name it.
 */
export async function purgeFormerJobseekers(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.role, 'jobseeker'), lt(users.deletedAt, before)))
    .returning({ id: users.id });
  return rows.length;
}

/** Applications untouched since `before` (any state): deleted with their history and interviews; answers their resumes. */
export async function purgeOldApplications(db: Db, before: Date): Promise<number[]> {
  const rows = await db.delete(applications).where(lt(applications.updatedAt, before)).returning({ resume: applications.resumeFileId });
  return rows.flatMap((r) => (r.resume === null ? [] : [r.resume]));
}

/** Sessions that ended (revoked or expired) before `before`: the sign-in history kept is the recent one. */
export async function purgeEndedSessions(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(authSessions)
    .where(or(lt(authSessions.revokedAt, before), lt(authSessions.expiresAt, before)))
    .returning({ id: authSessions.id });
  return rows.length;
}
