import { and, asc, count, eq, like, sql, sum, type SQL } from 'drizzle-orm';
import type { PersonKind, PersonListQuery, PersonOrdering, Role, UserListQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import {
  applications,
  companies,
  companyMembers,
  jobs,
  jobseekerProfiles,
  profileEducations,
  profileSkills,
  profileWorkExperience,
  userCounts,
  users,
  type UserRow,
} from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Name or e-mail contains the text as typed, in any case: `search_text` holds both lower-cased, and
 * its trigram index serves three letters or more.
 */
export function nameOrEmailContains(text: string): SQL {
  return like(users.searchText, `%${escapeLike(text.toLowerCase())}%`);
}

function searchFilter(search: string | undefined): SQL | undefined {
  return search ? nameOrEmailContains(search) : undefined;
}

/**
 * The ORDER BY of each `ordering`, written to match the users_role_*_idx indexes (role first, the id
 * breaks ties in the same direction), so a page is an index walk rather than a sort of every match.
 */
const orderings: Record<PersonOrdering, SQL[]> = {
  '-date_joined': [sql`${users.dateJoined} desc`, sql`${users.id} desc`],
  date_joined: [sql`${users.dateJoined} asc`, sql`${users.id} asc`],
  full_name: [sql`${users.fullName} asc`, sql`${users.id} asc`],
  '-full_name': [sql`${users.fullName} desc`, sql`${users.id} desc`],
  email: [sql`${users.email} asc`, sql`${users.id} asc`],
  '-email': [sql`${users.email} desc`, sql`${users.id} desc`],
  '-last_login': [sql`${users.lastLogin} desc nulls last`, sql`${users.id} desc nulls last`],
  last_login: [sql`${users.lastLogin} asc nulls first`, sql`${users.id} asc nulls first`],
};

function peopleWhere(role: Role, q: Pick<PersonListQuery, 'search' | 'is_active'>): SQL {
  const filters: SQL[] = [eq(users.role, role)];
  if (q.is_active !== undefined) filters.push(eq(users.isActive, q.is_active));
  const search = searchFilter(q.search);
  if (search) filters.push(search);
  return and(...filters)!;
}

/**
 * How many accounts match a filter of role and active state alone: the sum of the kept counts
 * (user_counts), not a count of every row, which took 10-25 ms at 100,000 job seekers.
 */
async function countAccounts(db: Db, f: { role?: Role; isActive?: boolean }): Promise<number> {
  const filters: SQL[] = [];
  if (f.role) filters.push(eq(userCounts.role, f.role));
  if (f.isActive !== undefined) filters.push(eq(userCounts.isActive, f.isActive));
  const [row] = await db
    .select({ total: sql<number>`coalesce(${sum(userCounts.n)}, 0)::int` })
    .from(userCounts)
    .where(filters.length ? and(...filters) : undefined);
  return row?.total ?? 0;
}

/** The total of a list: the kept counts when there is no search, else a count of the matching rows. */
async function countMatches(db: Db, where: SQL | undefined, q: { role?: Role; is_active?: boolean; search?: string }) {
  if (!q.search) return countAccounts(db, { role: q.role, isActive: q.is_active });
  const [row] = await db.select({ total: count() }).from(users).where(where);
  return row?.total ?? 0;
}

export async function findUsers(db: Db, q: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.is_active !== undefined) filters.push(eq(users.isActive, q.is_active));
  const search = searchFilter(q.search);
  if (search) filters.push(search);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderings[q.ordering])
      .limit(q.page_size)
      .offset(offsetOf(q)),
    countMatches(db, where, q),
  ]);
  return { rows, total };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** What the job seekers' table shows beside the account: applications and the profile's completeness facts. */
const jobseekerColumns = {
  user: users,
  applicationsCount: sql<number>`(select count(*)::int from ${applications} a where a.jobseeker_id = ${users.id})`,
  profile: {
    id: jobseekerProfiles.id,
    photoFileId: jobseekerProfiles.photoFileId,
    resumeFileId: jobseekerProfiles.resumeFileId,
    phoneNumber: jobseekerProfiles.phoneNumber,
    bio: jobseekerProfiles.bio,
    currentJobTitle: jobseekerProfiles.currentJobTitle,
    jobPreferences: jobseekerProfiles.jobPreferences,
    educations: sql<number>`(select count(*)::int from ${profileEducations} e where e.profile_id = ${jobseekerProfiles.id})`,
    workExperience: sql<number>`(select count(*)::int from ${profileWorkExperience} w where w.profile_id = ${jobseekerProfiles.id})`,
    skills: sql<number>`(select count(*)::int from ${profileSkills} s where s.profile_id = ${jobseekerProfiles.id})`,
  },
};

/** What the employers' and recruiters' tables show beside the account: the company they work for and their jobs. */
const employerColumns = {
  user: users,
  jobsCount: sql<number>`(select count(*)::int from ${jobs} j where j.posted_by = ${users.id})`,
  company: { id: companies.id, name: companies.name, isApproved: companies.isApproved },
  memberRole: companyMembers.role,
  /** The company that last removed them from its hiring team (shown while they work for none). */
  formerCompany: sql<{ id: number; name: string } | null>`(select json_build_object('id', fc.id, 'name', fc.name)
    from ${companies} fc where fc.id = ${users.removedFromCompanyId})`,
};

/**
 * The ids of one page, alone: paging walks the users index only, so the extras (counts, profile,
 * company) are read for the 20 rows shown, not for the thousands an offset skips (page 500).
 */
const pageOfIds = (db: Db, where: SQL, order: SQL[], limit: number, offset: number) =>
  db
    .select({ pageId: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');

async function jobseekerPeople(db: Db, where: SQL, order: SQL[], limit: number, offset: number) {
  const page = pageOfIds(db, where, order, limit, offset);
  return db
    .select(jobseekerColumns)
    .from(page)
    .innerJoin(users, eq(users.id, page.pageId))
    .leftJoin(jobseekerProfiles, eq(jobseekerProfiles.userId, users.id))
    .orderBy(...order);
}
export type JobseekerPersonRecord = Awaited<ReturnType<typeof jobseekerPeople>>[number];

async function employerPeople(db: Db, where: SQL, order: SQL[], limit: number, offset: number, recruitersOnly: boolean) {
  const recruiter = sql`exists (select 1 from ${companyMembers} r where r.user_id = ${users.id} and r.role = 'recruiter')`;
  const page = pageOfIds(db, recruitersOnly ? and(where, recruiter)! : where, order, limit, offset);
  return db
    .select(employerColumns)
    .from(page)
    .innerJoin(users, eq(users.id, page.pageId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .orderBy(...order);
}
export type EmployerPersonRecord = Awaited<ReturnType<typeof employerPeople>>[number];

export type PersonRecords =
  | { kind: 'jobseekers'; rows: JobseekerPersonRecord[]; total: number }
  | { kind: 'employers' | 'recruiters'; rows: EmployerPersonRecord[]; total: number };

/** A page of one people table (job seekers, employers, recruiters) with the count of all that match. */
export async function findPeople(db: Db, kind: PersonKind, q: PersonListQuery): Promise<PersonRecords> {
  const role: Role = kind === 'jobseekers' ? 'jobseeker' : 'employer';
  const where = peopleWhere(role, q);
  const order = orderings[q.ordering];
  if (kind === 'jobseekers') {
    const [rows, total] = await Promise.all([
      jobseekerPeople(db, where, order, q.page_size, offsetOf(q)),
      countMatches(db, where, { ...q, role }),
    ]);
    return { kind, rows, total };
  }
  const recruitersOnly = kind === 'recruiters';
  const countRecruiters = async () => {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .innerJoin(companyMembers, and(eq(companyMembers.userId, users.id), eq(companyMembers.role, 'recruiter')))
      .where(where);
    return row?.total ?? 0;
  };
  const [rows, total] = await Promise.all([
    employerPeople(db, where, order, q.page_size, offsetOf(q), recruitersOnly),
    recruitersOnly ? countRecruiters() : countMatches(db, where, { ...q, role }),
  ]);
  return { kind, rows, total };
}

/** One person of a table by id; undefined when missing or of another role (a recruiter is an employer too). */
export async function findPerson(
  db: Db,
  kind: 'jobseekers' | 'employers',
  id: number,
): Promise<{ kind: 'jobseekers'; row: JobseekerPersonRecord } | { kind: 'employers'; row: EmployerPersonRecord } | undefined> {
  if (kind === 'jobseekers') {
    const [row] = await jobseekerPeople(db, and(eq(users.id, id), eq(users.role, 'jobseeker'))!, [asc(users.id)], 1, 0);
    return row && { kind, row };
  }
  const [row] = await employerPeople(db, and(eq(users.id, id), eq(users.role, 'employer'))!, [asc(users.id)], 1, 0, false);
  return row && { kind, row };
}

/** Whether another account already uses this e-mail. */
export async function isEmailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

export async function insertAccount(db: Db, values: { email: string; fullName: string; role: Role }): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateAccount(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, 'email' | 'fullName' | 'isActive' | 'deactivationReason'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Locks the user's row for the rest of the transaction (two admins acting on one person wait in turn). */
export async function lockUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

/**
 * The active admins, locked: taken before deactivating or deleting an admin, so two admins removing
 * each other at the same moment cannot leave none (the second waits and then sees one left).
 */
export async function lockActiveAdminIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The company a person works for and how many others work there (an owner leaving needs an empty team). */
export async function findMembership(
  db: Db,
  userId: number,
): Promise<{ companyId: number; companyName: string; role: 'owner' | 'recruiter'; others: number } | undefined> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      others: sql<number>`(select count(*)::int from ${companyMembers} o where o.company_id = ${companyMembers.companyId} and o.user_id <> ${userId})`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row;
}

/** Deletes the account; its sessions, profile, applications, saved jobs, notifications and files' rows go by cascade. */
export async function deleteUserRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length === 1;
}
