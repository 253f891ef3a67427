import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { TaxonomyQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { jobCategories, jobs, jobSkills } from '../../db/schema';

export type TaxonomyKind = 'category' | 'skill';

const tables = { category: jobCategories, skill: jobSkills } as const;
const jobColumn = { category: jobs.categoryIds, skill: jobs.skillIds } as const;

export interface TaxonomyRecord {
  id: number;
  name: string;
  jobCount: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Jobs (any status) that use one item: what blocks its delete. */
const jobCountOf = (kind: TaxonomyKind, id: SQL | number) =>
  sql<number>`(select count(*)::int from ${jobs} where ${jobColumn[kind]} @> array[${id}]::integer[])`;

/** The list, or the items whose name contains every word of `search` (names starting with it first). */
export async function findTaxonomy(db: Db, kind: TaxonomyKind, q: TaxonomyQuery): Promise<TaxonomyRecord[]> {
  const table = tables[kind];
  const words = (q.search ?? '').split(/\s+/).filter(Boolean);
  const where = words.length ? and(...words.map((w) => ilike(table.name, `%${escapeLike(w)}%`))) : undefined;
  const alphabetical = [asc(sql`lower(${table.name})`), asc(table.id)];
  const order = q.search ? [sql`${table.name} not ilike ${`${escapeLike(q.search)}%`}`, ...alphabetical] : alphabetical;
  const query = db
    .select({ id: table.id, name: table.name, jobCount: jobCountOf(kind, sql`${table.id}`) })
    .from(table)
    .where(where)
    .orderBy(...order);
  return q.limit ? query.limit(q.limit) : query;
}

export async function findTaxonomyItem(db: Db, kind: TaxonomyKind, id: number): Promise<TaxonomyRecord | undefined> {
  const table = tables[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name, jobCount: jobCountOf(kind, id) })
    .from(table)
    .where(eq(table.id, id));
  return row;
}

/** Inserts an item; undefined when the name is taken (case-insensitively). */
export async function insertTaxonomyItem(db: Db, kind: TaxonomyKind, name: string): Promise<{ id: number } | undefined> {
  const table = tables[kind];
  const [row] = await db.insert(table).values({ name }).onConflictDoNothing().returning({ id: table.id });
  return row;
}

/** An item's name, locked until the transaction ends (what a rename changes it from); undefined when there is none. */
export async function lockTaxonomyName(db: Db, kind: TaxonomyKind, id: number): Promise<string | undefined> {
  const table = tables[kind];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id)).for('update');
  return row?.name;
}

/** Renames an item; false when there is no such item. Throws a unique violation when the name is taken. */
export async function renameTaxonomyItem(db: Db, kind: TaxonomyKind, id: number, name: string): Promise<boolean> {
  const table = tables[kind];
  const rows = await db.update(table).set({ name }).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length === 1;
}

/** Deletes an item that no job uses (answering its name); 'in_use' (with the count) when jobs use it, 'missing' when there is none. */
export async function deleteUnusedTaxonomyItem(
  db: Db,
  kind: TaxonomyKind,
  id: number,
): Promise<{ outcome: 'deleted'; name: string } | { outcome: 'missing' } | { outcome: 'in_use'; jobCount: number }> {
  const table = tables[kind];
  const [deleted] = await db
    .delete(table)
    .where(and(eq(table.id, id), sql`not exists (select 1 from ${jobs} where ${jobColumn[kind]} @> array[${id}]::integer[])`))
    .returning({ name: table.name });
  if (deleted) return { outcome: 'deleted', name: deleted.name };
  const item = await findTaxonomyItem(db, kind, id);
  return item ? { outcome: 'in_use', jobCount: item.jobCount } : { outcome: 'missing' };
}

/** The ids among `ids` that name no item (for a 400 naming them). */
export async function findUnknownTaxonomyIds(db: Db, kind: TaxonomyKind, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const table = tables[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`${table.id} = any(${sql.param(ids)}::integer[])`);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** Every category's or skill's name, by id (a few hundred rows: the search cache's facet labels). */
export async function findAllTaxonomyNames(db: Db, kind: TaxonomyKind): Promise<Map<number, string>> {
  const table = tables[kind];
  const rows = await db.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of the given ids, for presenting jobs (ids of deleted items are skipped). */
export async function findTaxonomyNames(db: Db, kind: TaxonomyKind, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const table = tables[kind];
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(sql`${table.id} = any(${sql.param(ids)}::integer[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
