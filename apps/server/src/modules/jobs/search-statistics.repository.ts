import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

// What the page plan reads of PostgreSQL's own statistics (job-search.service.ts keeps each a few minutes).

/**
 * The word index's commonest lexemes and the share of jobs each is in (PostgreSQL's statistics of
 * `job_search.search_vector`, 10,000 lexemes since migration 0023), and `rest`: the share below
 * which every other lexeme lies. Empty before the table was analysed.
 */
export async function lexemeShares(db: Db): Promise<{ shares: Map<string, number>; rest: number }> {
  const [row] = await queryRows<{ lexemes: string[] | null; shares: Array<number | string> | null }>(
    db,
    sql`select most_common_elems::text::text[] as lexemes, most_common_elem_freqs as shares
          from pg_stats where schemaname = current_schema() and tablename = 'job_search' and attname = 'search_vector'`,
  );
  const lexemes = row?.lexemes ?? [];
  const numbers = (row?.shares ?? []).map(Number);
  // The frequencies array ends with three more numbers: the least and the greatest share, then nulls' share.
  return { shares: new Map(lexemes.map((lexeme, i) => [lexeme, numbers[i]!])), rest: numbers[lexemes.length] ?? 0 };
}

/**
 * The lexemes a search text's query looks for, as `websearch_to_tsquery` reads it (stop words and
 * operators as the search sees them, excluded words too): for the page plan's price of the words.
 */
export async function queryLexemes(db: Db, text: string): Promise<string[]> {
  const rows = await queryRows<{ query: string }>(db, sql`select websearch_to_tsquery('english', ${text})::text as query`);
  return [...(rows[0]?.query ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

/**
 * How closely the search rows' order in the table follows their posting dates (PostgreSQL's
 * statistics: 1 when the newest jobs are the table's last rows, 0 when they are scattered).
 */
export async function dateOrder(db: Db): Promise<number> {
  const rows = await queryRows<{ correlation: number | null }>(
    db,
    sql`select correlation from pg_stats where schemaname = current_schema() and tablename = 'job_search' and attname = 'posted_at'`,
  );
  return Number(rows[0]?.correlation ?? 0);
}

/** About how many jobs there are (the planner's statistics; no scan). */
export async function estimateJobCount(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'job_search'::regclass`,
  );
  return Number(rows[0]?.n ?? 0);
}
