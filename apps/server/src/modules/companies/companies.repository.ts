import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyListQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { companies, jobs, users, type CompanyRow } from '../../db/schema';
import { offsetOf } from '../../lib/pagination';

export interface CompanyRecord extends CompanyRow {
  owner: { id: number; fullName: string; email: string };
  openJobsCount: number;
}

/** Which companies a list shows: everything (admins), the one a member works for, or the approved ones. */
export type CompanyScope = { kind: 'all' } | { kind: 'one'; companyId: number } | { kind: 'none' } | { kind: 'approved' };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Open jobs not past their deadline (`today` is a UTC date, YYYY-MM-DD). */
const openJobsCount = (today: string) =>
  sql<number>`(select count(*)::int from ${jobs} where ${jobs.companyId} = ${companies.id} and ${jobs.status} = 'open'
    and (${jobs.applicationDeadline} is null or ${jobs.applicationDeadline} >= ${today}::date))`;

const recordColumns = (today: string) => ({
  company: companies,
  ownerId: users.id,
  ownerName: users.fullName,
  ownerEmail: users.email,
  openJobsCount: openJobsCount(today),
});

type JoinedRow = { company: CompanyRow; ownerId: number; ownerName: string; ownerEmail: string; openJobsCount: number };
const toRecord = (row: JoinedRow): CompanyRecord => ({
  ...row.company,
  owner: { id: row.ownerId, fullName: row.ownerName, email: row.ownerEmail },
  openJobsCount: row.openJobsCount,
});

export async function findCompanies(
  db: Db,
  scope: CompanyScope,
  q: CompanyListQuery,
  today: string,
): Promise<{ rows: CompanyRecord[]; total: number }> {
  const filters: SQL[] = [];
  if (scope.kind === 'one') filters.push(eq(companies.id, scope.companyId));
  if (scope.kind === 'none') filters.push(sql`false`);
  if (scope.kind === 'approved') filters.push(eq(companies.isApproved, true));
  if (q.is_approved !== undefined) filters.push(eq(companies.isApproved, q.is_approved));
  for (const word of (q.search ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = `%${escapeLike(word)}%`;
    filters.push(or(ilike(companies.name, pattern), ilike(companies.industry, pattern), ilike(companies.headquartersLocation, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  // Admins work through the pending ones first; everyone else reads an alphabetical directory.
  const order =
    scope.kind === 'all'
      ? [asc(companies.isApproved), desc(companies.createdAt), desc(companies.id)]
      : [asc(sql`lower(${companies.name})`), asc(companies.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select(recordColumns(today))
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows: rows.map(toRecord), total: totals?.total ?? 0 };
}

export async function findCompanyById(db: Db, id: number, today: string): Promise<CompanyRecord | undefined> {
  const [row] = await db
    .select(recordColumns(today))
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, id))
    .limit(1);
  return row && toRecord(row);
}

export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'ownerId' | 'isApproved' | 'logo' | 'createdAt' | 'updatedAt'>;

/** Inserts the owner's company; undefined when the owner already has one. */
export async function insertCompany(db: Db, ownerId: number, values: CompanyValues): Promise<{ id: number } | undefined> {
  const [row] = await db
    .insert(companies)
    .values({ ...values, ownerId })
    .onConflictDoNothing({ target: companies.ownerId })
    .returning({ id: companies.id });
  return row;
}

/** What an administrator approved: a change to one of these sends an approved company back to review. */
export interface ApprovedFace {
  name: string;
  websiteUrl: string | null;
  logo: string | null;
  isApproved: boolean;
}

/** Locks the company row for a change and answers what was approved (undefined: no such company). */
export async function lockApprovedFace(db: Db, id: number): Promise<ApprovedFace | undefined> {
  const [row] = await db
    .select({ name: companies.name, websiteUrl: companies.websiteUrl, logo: companies.logo, isApproved: companies.isApproved })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update');
  return row;
}

export async function updateCompany(db: Db, id: number, values: Partial<CompanyValues> & { isApproved?: boolean }): Promise<void> {
  await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, id));
}

/**
 * Sets approval; answers the state before and after (undefined when there is no such company).
 * The row lock makes "it was not approved before" exact, so the approval e-mail goes once.
 */
export async function setCompanyApproval(
  db: Db,
  id: number,
  next: boolean | 'toggle',
): Promise<{ was: boolean; now: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ isApproved: companies.isApproved }).from(companies).where(eq(companies.id, id)).for('update');
    if (!current) return undefined;
    const now = next === 'toggle' ? !current.isApproved : next;
    if (now !== current.isApproved) {
      await tx
        .update(companies)
        .set({ isApproved: now, updatedAt: sql`now()` })
        .where(eq(companies.id, id));
    }
    return { was: current.isApproved, now };
  });
}

/** Records a new logo key; answers the one it replaced. */

/** Deletes a company and (by cascade) its jobs; answers its logo key, or undefined when there was none. */
export async function deleteCompany(db: Db, id: number): Promise<{ logo: string | null } | undefined> {
  const [row] = await db.delete(companies).where(eq(companies.id, id)).returning({ logo: companies.logo });
  return row;
}
