import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, jobSearch, jobs } from '../../db/schema';
import { publicSearchRowCondition } from '../jobs';

/** An address of the sitemap: the thing's id and when it last changed. */
export interface SitemapRow {
  id: number;
  updatedAt: Date;
}

/** Ids in (after, upTo]: a child sitemap's range, read in keyset batches. */
export interface IdRange {
  after: number;
  upTo: number;
}

/** Public jobs (the search's narrow rows, then the job's last change) with ids in the range, by id, at most `limit`. */
export function findPublicJobsAfter(db: Db, range: IdRange, limit: number, today: string): Promise<SitemapRow[]> {
  return db
    .select({ id: jobSearch.id, updatedAt: jobs.updatedAt })
    .from(jobSearch)
    .innerJoin(jobs, eq(jobs.id, jobSearch.id))
    .where(and(gt(jobSearch.id, range.after), lte(jobSearch.id, range.upTo), publicSearchRowCondition(today)))
    .orderBy(asc(jobSearch.id))
    .limit(limit);
}

/** Approved companies with ids in the range, by id, at most `limit`. */
export function findApprovedCompaniesAfter(db: Db, range: IdRange, limit: number): Promise<SitemapRow[]> {
  return db
    .select({ id: companies.id, updatedAt: companies.updatedAt })
    .from(companies)
    .where(and(gt(companies.id, range.after), lte(companies.id, range.upTo), eq(companies.isApproved, true)))
    .orderBy(asc(companies.id))
    .limit(limit);
}

/** How many addresses there are: public jobs and approved companies. */
export async function countSitemapAddresses(db: Db, today: string): Promise<number> {
  const [jobCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobSearch)
    .where(publicSearchRowCondition(today));
  const [companyCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companies)
    .where(eq(companies.isApproved, true));
  return (jobCount?.n ?? 0) + (companyCount?.n ?? 0);
}

/** A child sitemap of the index: a block of `size` ids that holds at least one address, and its newest change. */
export interface SitemapBlock {
  block: number;
  lastmod: Date;
}

// Written into the statement (a whole number we set, not input), so that the grouped expression and
// the selected one are the same text: as two parameters PostgreSQL cannot tell they are equal.
const blockSize = (size: number) => sql.raw(String(Math.max(1, Math.trunc(size))));

/** The id blocks that hold public jobs (block n: ids ((n-1)·size, n·size]), with each block's newest change. */
export async function findJobBlocks(db: Db, size: number, today: string): Promise<SitemapBlock[]> {
  const block = sql<number>`((${jobSearch.id} - 1) / ${blockSize(size)} + 1)::int`;
  return db
    .select({ block, lastmod: max(jobs.updatedAt).mapWith((v: string | Date) => new Date(v)) })
    .from(jobSearch)
    .innerJoin(jobs, eq(jobs.id, jobSearch.id))
    .where(publicSearchRowCondition(today))
    .groupBy(block)
    .orderBy(block) as Promise<SitemapBlock[]>;
}

/** The same for approved companies. */
export async function findCompanyBlocks(db: Db, size: number): Promise<SitemapBlock[]> {
  const block = sql<number>`((${companies.id} - 1) / ${blockSize(size)} + 1)::int`;
  return db
    .select({ block, lastmod: max(companies.updatedAt).mapWith((v: string | Date) => new Date(v)) })
    .from(companies)
    .where(eq(companies.isApproved, true))
    .groupBy(block)
    .orderBy(block) as Promise<SitemapBlock[]>;
}
