import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, companyInvitations, companyMembers, jobs, users, type CompanyRole } from '../../db/schema';

const inviter = alias(users, 'inviter');
const inviterColumn = sql<{ id: number; fullName: string } | null>`case when ${inviter.id} is null then null
  else json_build_object('id', ${inviter.id}, 'fullName', ${inviter.fullName}) end`;

export interface MemberRecord {
  userId: number;
  email: string;
  fullName: string;
  role: CompanyRole;
  joinedAt: Date;
  invitedBy: { id: number; fullName: string } | null;
  jobsPosted: number;
}

/** The company's members, its owner first, then by when they joined. */
export async function findMembers(db: Db, companyId: number): Promise<MemberRecord[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      role: companyMembers.role,
      joinedAt: companyMembers.joinedAt,
      invitedBy: inviterColumn,
      jobsPosted: sql<number>`(select count(*)::int from ${jobs} where ${jobs.companyId} = ${companyId} and ${jobs.postedBy} = ${users.id})`,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(inviter, eq(inviter.id, companyMembers.invitedBy))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(sql`${companyMembers.role} = 'owner' desc`, asc(companyMembers.joinedAt), asc(companyMembers.id));
}

/** One member of a company with what the access policy reads (undefined when they are not in it). */
export async function findMember(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ userId: companyMembers.userId, role: companyMembers.role, email: users.email, fullName: users.fullName })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row;
}

/** The company an e-mail address works for, if any. */
export async function findMembershipByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function insertMember(db: Db, values: { companyId: number; userId: number; role: CompanyRole; invitedBy: number | null }) {
  await db.insert(companyMembers).values(values);
}

/** Removes a recruiter (never the owner); false when they were not a recruiter of the company. */
export async function deleteRecruiter(db: Db, companyId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId), eq(companyMembers.role, 'recruiter')))
    .returning({ id: companyMembers.id });
  return rows.length === 1;
}

/** Keeps on the person's account which company removed them, and when (until they join another). */
export async function markRemovedFromCompany(db: Db, userId: number, companyId: number): Promise<void> {
  await db
    .update(users)
    .set({ removedFromCompanyId: companyId, removedFromCompanyAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * The company that last removed the person from its hiring team, while they work for none; undefined
 * when they were never removed, joined or made a company since, or the company is gone.
 */
export async function findFormerCompany(db: Db, userId: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, removedAt: users.removedFromCompanyAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.removedFromCompanyId))
    .where(and(eq(users.id, userId), sql`not exists (select 1 from ${companyMembers} where ${companyMembers.userId} = ${users.id})`))
    .limit(1);
  return row && { id: row.id, name: row.name, removedAt: row.removedAt ?? new Date(0) };
}

export interface InvitationRecord {
  id: number;
  companyId: number;
  email: string;
  invitedBy: { id: number; fullName: string } | null;
  createdAt: Date;
  expiresAt: Date;
}

const invitationColumns = {
  id: companyInvitations.id,
  companyId: companyInvitations.companyId,
  email: companyInvitations.email,
  invitedBy: inviterColumn,
  createdAt: companyInvitations.createdAt,
  expiresAt: companyInvitations.expiresAt,
};
const isPending = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.withdrawnAt));

/** The company's pending invitations (expired ones too: the owner may send them again), newest first. */
export async function findPendingInvitations(db: Db, companyId: number): Promise<InvitationRecord[]> {
  return db
    .select(invitationColumns)
    .from(companyInvitations)
    .leftJoin(inviter, eq(inviter.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.companyId, companyId), isPending))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
}

export async function findPendingInvitation(db: Db, companyId: number, invitationId: number): Promise<InvitationRecord | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(companyInvitations)
    .leftJoin(inviter, eq(inviter.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, invitationId), isPending))
    .limit(1);
  return row;
}

/**
 * The invitation an e-mailed code belongs to: the address's pending invitation whose code went out
 * last (a newer code retires the older ones), while that code can still be valid.
 */
export async function findInvitationForCode(db: Db, email: string) {
  const [row] = await db
    .select({ ...invitationColumns, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(inviter, eq(inviter.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.email, email), isPending, gt(companyInvitations.expiresAt, sql`now()`)))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
    .limit(1);
  return row;
}

/** Makes the pending invitation of an address, or renews the one there is (its code was sent again); answers whether it is new. */
export async function upsertInvitation(
  db: Db,
  values: { companyId: number; email: string; invitedBy: number; expiresAt: Date },
): Promise<{ id: number; created: boolean }> {
  const [row] = await db
    .insert(companyInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: [companyInvitations.companyId, companyInvitations.email],
      targetWhere: sql`${companyInvitations.acceptedAt} is null and ${companyInvitations.withdrawnAt} is null`,
      set: { expiresAt: values.expiresAt, invitedBy: values.invitedBy, createdAt: sql`now()` },
    })
    .returning({ id: companyInvitations.id, created: sql<boolean>`xmax = 0` });
  return row!;
}

export async function markInvitationWithdrawn(db: Db, invitationId: number): Promise<boolean> {
  const rows = await db
    .update(companyInvitations)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(companyInvitations.id, invitationId), isPending))
    .returning({ id: companyInvitations.id });
  return rows.length === 1;
}

export async function markInvitationAccepted(db: Db, invitationId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(companyInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(and(eq(companyInvitations.id, invitationId), isPending))
    .returning({ id: companyInvitations.id });
  return rows.length === 1;
}

/** Whether the address has another pending invitation (so its live code must stay). */
export async function hasOtherPendingInvitation(db: Db, email: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.email, email), isPending, sql`${companyInvitations.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}
