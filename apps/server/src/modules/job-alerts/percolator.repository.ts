import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobAlertSearches, jobAlerts, jobSearch } from '../../db/schema';
import { publicSearchRowCondition, searchTsquery } from '../jobs';
import { filterToken, tokenPrefix } from './percolator';

/** What the database makes of an alert's words and place: the search's own tsquery, and the place lowered as ILIKE lowers it. */
export async function parseSearchParts(
  db: Db,
  text: string | null,
  location: string | null,
): Promise<{ queryText: string | null; loweredLocation: string | null }> {
  const query = text ? searchTsquery(text) : sql`null::tsquery`;
  const [row] = await queryRows<{ query_text: string | null; nodes: number | null; lowered: string | null }>(
    db,
    sql`select q::text as query_text, numnode(q) as nodes, lower(${location}::text) as lowered from (select ${query} as q) as parsed`,
  );
  // Only stop words: the search leaves the words out (job-search.service), and so does the alert.
  const queryText = row?.query_text && Number(row.nodes) > 0 ? row.query_text : null;
  return { queryText, loweredLocation: row?.lowered ?? null };
}

/**
 * The share of jobs that has each token, from PostgreSQL's statistics of `job_search` (the lexemes
 * and each filter column): the percolator keeps an alert's rarest cover. Tokens the statistics do
 * not list are given the share below which every unlisted value lies; before the table was ever
 * analysed every token counts alike (any cover is correct, only the candidates' number differs).
 */
export async function readTokenShares(db: Db): Promise<(token: string) => number> {
  const rows = await queryRows<{
    attname: string;
    vals: string[] | null;
    freqs: Array<number | string> | null;
    elems: string[] | null;
    elem_freqs: Array<number | string> | null;
  }>(
    db,
    sql`select attname, most_common_vals::text::text[] as vals, most_common_freqs as freqs,
          most_common_elems::text::text[] as elems, most_common_elem_freqs as elem_freqs
        from pg_stats where schemaname = current_schema() and tablename = 'job_search'
          and attname in ('search_vector', 'employment_type', 'experience_level', 'is_remote', 'currency', 'company_id', 'category_ids', 'skill_ids', 'location')`,
  );
  const shares = new Map<string, number>();
  const rest = new Map<string, number>();
  const places: Array<[string, number]> = [];
  const tokenOf: Record<string, ((value: string) => string) | undefined> = {
    search_vector: (v) => v,
    employment_type: filterToken.employmentType,
    experience_level: filterToken.experienceLevel,
    is_remote: (v) => filterToken.isRemote(v === 'true' || v === 't'),
    currency: (v) => filterToken.currency(v.trim()),
    company_id: (v) => filterToken.company(Number(v)),
    category_ids: (v) => filterToken.category(Number(v)),
    skill_ids: (v) => filterToken.skill(Number(v)),
  };
  for (const row of rows) {
    if (row.attname === 'location') {
      (row.vals ?? []).forEach((v, i) => places.push([v.toLowerCase(), Number(row.freqs?.[i] ?? 0)]));
      continue;
    }
    const toToken = tokenOf[row.attname]!;
    const values = row.elems ?? row.vals ?? [];
    const freqs = (row.elem_freqs ?? row.freqs ?? []).map(Number);
    values.forEach((value, i) => shares.set(toToken(value), freqs[i]!));
    // Element statistics end with the least share listed: every unlisted element is below it.
    rest.set(row.attname, row.elems ? (freqs[values.length] ?? 0) : Math.min(...freqs, 1) / 2);
  }
  const lexemeRest = rest.get('search_vector') ?? 0.01;
  return (token) => {
    const known = shares.get(token);
    if (known !== undefined) return known;
    if (!token.startsWith(' ')) return lexemeRest;
    if (token.startsWith(tokenPrefix.place)) {
      // A place's piece: the commonest places that hold it, or a rare place.
      const piece = token.slice(tokenPrefix.place.length);
      const listed = places.filter(([place]) => place.includes(piece)).reduce((sum, [, share]) => sum + share, 0);
      return listed > 0 ? listed : 0.001;
    }
    return 0.01;
  };
}

/** Every token of a job (see percolator.ts): its lexemes and a token per filterable value. */
const jobTokens = (j: SQL) => sql`array(select unnest(tsvector_to_array(${j}.search_vector))) || array[
    ${tokenPrefix.employmentType} || ${j}.employment_type, ${tokenPrefix.experienceLevel} || ${j}.experience_level,
    ${tokenPrefix.isRemote} || ${j}.is_remote::text, ${tokenPrefix.currency} || ${j}.currency::text,
    ${tokenPrefix.company} || ${j}.company_id::text]
  || array(select ${tokenPrefix.category} || x::text from unnest(${j}.category_ids) as x)
  || array(select ${tokenPrefix.skill} || x::text from unnest(${j}.skill_ids) as x)
  || array(select distinct ${tokenPrefix.place} || substr(lower(${j}.location), i, 3)
       from generate_series(1, char_length(lower(${j}.location)) - 2) as i)`;

/** A public job's tokens, or null when it is not public (then no alert hears of it). */
export async function findJobTokens(db: Db, jobId: number, today: string): Promise<string[] | null> {
  const [row] = await queryRows<{ tokens: string[] }>(
    db,
    sql`select ${jobTokens(sql.raw('"job_search"'))} as tokens from ${jobSearch} where ${jobSearch.id} = ${jobId} and ${publicSearchRowCondition(today)}`,
  );
  return row ? row.tokens : null;
}

/**
 * Every condition of an alert's search on the job's search row `j`: the words as the search's tsquery
 * and each filter as job-search.repository.ts writes it (the agreement test holds them to it).
 */
const alertAdmits = (j: SQL) => sql`(${jobAlertSearches.query} is null or ${j}.search_vector @@ ${jobAlertSearches.query})
  and (${jobAlertSearches.employmentTypes} is null or ${j}.employment_type = any(${jobAlertSearches.employmentTypes}))
  and (${jobAlertSearches.experienceLevels} is null or ${j}.experience_level = any(${jobAlertSearches.experienceLevels}))
  and (${jobAlertSearches.categoryIds} is null or ${j}.category_ids && ${jobAlertSearches.categoryIds})
  and (${jobAlertSearches.skillIds} is null or ${j}.skill_ids && ${jobAlertSearches.skillIds})
  and (${jobAlertSearches.locationPattern} is null or ${j}.location ilike ${jobAlertSearches.locationPattern})
  and (${jobAlertSearches.isRemote} is null or ${j}.is_remote = ${jobAlertSearches.isRemote})
  and (${jobAlertSearches.salaryMin} is null or coalesce(${j}.salary_max, ${j}.salary_min) >= ${jobAlertSearches.salaryMin})
  and (${jobAlertSearches.salaryMax} is null or coalesce(${j}.salary_min, ${j}.salary_max) <= ${jobAlertSearches.salaryMax})
  and (${jobAlertSearches.currency} is null or ${j}.currency = ${jobAlertSearches.currency})
  and (${jobAlertSearches.companyId} is null or ${j}.company_id = ${jobAlertSearches.companyId})
  and (${jobAlertSearches.postedWithinDays} is null or ${j}.posted_at >= now() - make_interval(days => ${jobAlertSearches.postedWithinDays}::int))`;

/**
 * The candidates of a job (searches with one of its tokens as an anchor, and those without anchors)
 * checked in full: the ids of the searches it matches that some confirmed alert keeps, in id order.
 * `tokens` from findJobTokens.
 */
export function matchingSearchesQuery(jobId: number, tokens: string[]): SQL {
  const j = sql.raw('"j"');
  // The candidates' rows come from the index scans themselves (named job_alert_searches, so the
  // checks read them: a join back to the table made the planner hash all of it).
  return sql`select ${jobAlertSearches.id} as id
    from (
      select * from ${jobAlertSearches} where ${jobAlertSearches.anchors} && ${sql.param(tokens)}::text[]
      union all
      select * from ${jobAlertSearches} where ${jobAlertSearches.anchors} is null
    ) as ${jobAlertSearches}
    join ${jobSearch} as j on j.id = ${jobId}
    where ${alertAdmits(j)}
      and exists (select 1 from ${jobAlerts} where ${jobAlerts.searchId} = ${jobAlertSearches.id} and ${jobAlerts.matchesSince} is not null)
    order by ${jobAlertSearches.id}`;
}

/** The searches a public job matches (ids, ascending): the percolator's answer, without writing anything. */
export async function findMatchingSearches(db: Db, jobId: number, tokens: string[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, matchingSearchesQuery(jobId, tokens));
  return rows.map((r) => r.id);
}
