import { sql, type SQL } from 'drizzle-orm';
import type { employmentTypes, experienceLevels, jobSorts } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { companies, jobSearch, jobs } from '../../db/schema';
import type { JobSummaryRecord } from './jobs.presenter';
import { headlineOptions, matchedSnippet, openingLength, openingSnippet } from './snippets';
import { publicSearchRowCondition } from './jobs.repository';

/** The facets of a search, each a filter that can also be counted per value. */
export const facetNames = ['employment_type', 'experience_level', 'category', 'skills', 'location', 'is_remote', 'posted_within'] as const;
export type FacetName = (typeof facetNames)[number];

/** A normalized search: what the SQL below needs, nothing about HTTP. */
export interface SearchCriteria {
  /** websearch_to_tsquery syntax: words, "phrases", -exclusions, or. Null: no text search. */
  text: string | null;
  /** UTC date (YYYY-MM-DD) that deadlines are compared with. */
  today: string;
  salaryMin?: number;
  salaryMax?: number;
  /** Only jobs paying in this currency (ISO 4217); the pay bounds are amounts in it. */
  currency?: string;
  company?: number;
  employmentTypes?: Array<(typeof employmentTypes)[number]>;
  experienceLevels?: Array<(typeof experienceLevels)[number]>;
  categories?: number[];
  skills?: number[];
  location?: string;
  isRemote?: boolean;
  postedWithinDays?: number;
  sort: (typeof jobSorts)[number];
  limit: number;
  offset: number;
}

export interface FacetRow {
  facet: FacetName;
  value: string;
  label: string;
  count: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The ILIKE pattern of the location filter: the place as typed, anywhere in the job's location (job alerts match with it too). */
export const locationPattern = (location: string) => `%${escapeLike(location)}%`;
export const tsquery = (text: string | SQL) => sql`websearch_to_tsquery('english', ${text})`;
const intArray = (ids: number[]) => sql`${sql.param(ids)}::integer[]`;
export const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** Conditions every counted row meets: public, the words, and the filters that have no facet. */
function baseConditions(c: SearchCriteria): SQL {
  const parts: SQL[] = [publicSearchRowCondition(c.today)];
  if (c.text) parts.push(sql`${jobSearch.searchVector} @@ ${tsquery(c.text)}`);
  // A job's pay range meets the asked range; a job with only one bound is a range of one amount.
  if (c.salaryMin !== undefined) parts.push(sql`coalesce(${jobSearch.salaryMax}, ${jobSearch.salaryMin}) >= ${c.salaryMin}`);
  if (c.salaryMax !== undefined) parts.push(sql`coalesce(${jobSearch.salaryMin}, ${jobSearch.salaryMax}) <= ${c.salaryMax}`);
  // Pay in another currency is another amount: 80,000 JPY is not 80,000 EUR.
  if (c.currency !== undefined) parts.push(sql`${jobSearch.currency} = ${c.currency}`);
  if (c.company !== undefined) parts.push(sql`${jobSearch.companyId} = ${c.company}`);
  return sql.join(parts, sql` and `);
}

/** The faceted filters that are active, by facet (an inactive one is absent). */
function facetConditions(c: SearchCriteria): Partial<Record<FacetName, SQL>> {
  const f: Partial<Record<FacetName, SQL>> = {};
  if (c.employmentTypes?.length) f.employment_type = sql`${jobSearch.employmentType} = any(${textArray(c.employmentTypes)})`;
  if (c.experienceLevels?.length) f.experience_level = sql`${jobSearch.experienceLevel} = any(${textArray(c.experienceLevels)})`;
  if (c.categories?.length) f.category = sql`${jobSearch.categoryIds} && ${intArray(c.categories)}`;
  if (c.skills?.length) f.skills = sql`${jobSearch.skillIds} && ${intArray(c.skills)}`;
  if (c.location) f.location = sql`${jobSearch.location} ilike ${locationPattern(c.location)}`;
  if (c.isRemote !== undefined) f.is_remote = sql`${jobSearch.isRemote} = ${c.isRemote}`;
  if (c.postedWithinDays !== undefined)
    f.posted_within = sql`${jobSearch.postedAt} >= now() - make_interval(days => ${c.postedWithinDays})`;
  return f;
}

/** Whether a search has neither words nor any filter: every public job, in some order. */
export const isBrowse = (c: SearchCriteria) =>
  !c.text &&
  Object.keys(facetConditions(c)).length === 0 &&
  c.salaryMin === undefined &&
  c.salaryMax === undefined &&
  c.currency === undefined &&
  c.company === undefined;

const allOf = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((x): x is SQL => x !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** Every condition of a search: public, the words and every filter. */
export const everyCondition = (c: SearchCriteria) => sql`${baseConditions(c)} and ${allOf(Object.values(facetConditions(c)))}`;

const salaryKey = sql`coalesce(${jobSearch.salaryMax}, ${jobSearch.salaryMin})`;

/**
 * Relevance ranks the newest this-many matches of a search (ts_rank on the weighted vector);
 * matches beyond them follow, newest first. Ranking every match of a word found in half the jobs
 * costs far more than a page is worth; see docs/decisions/006-job-search.md.
 */
export const rankCandidates = 200;

/** How many values the long facet lists (places, skills) show, the most common first. */
export const facetLimits = { location: 12, skills: 25 } as const;

/**
 * How a page finds its rows. `walk`: read jobs in the page's order (newest, or best paid, by
 * index) until enough match: cheap when many jobs match. `scan`: collect every match through the
 * indexes (GIN on the words, arrays, trigram), then sort: cheap when few do. `slice`: collect the
 * matches among the newest `slice` jobs only (the date index's range ANDed with the other indexes'
 * bitmaps), then sort: for newest-first orders when a walk would read too many rows and a scan
 * too many matches; it must find enough matches to be sure of the page, else the caller falls
 * back. The caller chooses from the sampled number of matches: the planner's own choice, from its
 * selectivity guesses, was several times slower on a third of the benchmark's queries.
 */
export type PagePlan = 'walk' | 'scan' | { slice: number };

/** Whether a page is read newest first (the orders a slice can serve). */
export const readsNewestFirst = (c: SearchCriteria) =>
  c.sort !== 'salary' && !(c.text && c.sort === 'relevance' && c.offset + c.limit > rankCandidates);

/**
 * When the newest `size` jobs begin (null when there are fewer). Read before the page's statement
 * and given to it as a constant: as a subquery in it, the planner could not see how few rows the
 * date range keeps, and read every match of a common phrase from the table instead of ANDing the
 * date index with the words' index (252 ms → 17 ms for "machine learning" at 1,000,000 jobs).
 */
async function sliceStart(db: Db, size: number): Promise<Date | null> {
  const rows = await queryRows<{ posted_at: string | Date }>(
    db,
    sql`select ${jobSearch.postedAt} as posted_at from ${jobSearch} order by ${jobSearch.postedAt} desc offset ${size - 1} limit 1`,
  );
  return rows[0] ? new Date(rows[0].posted_at) : null;
}

/**
 * Columns part, rank, salary_key, posted_at, id and found (candidates ranked) of one page of
 * results, and their order.
 */
function pageIds(c: SearchCriteria, plan: PagePlan, since: Date | null): { query: SQL; order: SQL } {
  const inSlice = since ? sql` and ${jobSearch.postedAt} >= ${since.toISOString()}::timestamptz` : sql``;
  const where = sql`${everyCondition(c)}${inSlice}`;
  const columns = sql`${jobSearch.id} as id, ${jobSearch.postedAt} as posted_at, ${salaryKey} as salary_key`;
  const from = sql`from ${jobSearch}`;
  // In a scan the OFFSET 0 fence keeps the planner from walking an ordered index instead.
  const matches =
    plan === 'walk'
      ? sql`select ${columns} ${from} where ${where}`
      : sql`select * from (select ${columns} ${from} where ${where} offset 0) as fenced`;
  const newest = sql`posted_at desc, id desc`;
  if (c.text && c.sort === 'relevance') {
    const order = sql`part, rank desc, posted_at desc, id desc`;
    // The candidates carry only id and date; the vectors are read for those few alone.
    const ranked = sql`select candidates.id, ts_rank(ranked_job.search_vector, ${tsquery(c.text)}) as rank, null::integer as salary_key,
        candidates.posted_at, 0 as part, count(*) over ()::int as found
      from (${matches} order by ${newest} limit ${rankCandidates}) as candidates
      join job_search as ranked_job on ranked_job.id = candidates.id`;
    if (c.offset + c.limit <= rankCandidates) {
      return { query: sql`select * from (${ranked}) as ranked order by ${order} limit ${c.limit} offset ${c.offset}`, order };
    }
    const tail = sql`select id, 0::real as rank, null::integer as salary_key, posted_at, 1 as part, null::int as found
      from (${matches} order by ${newest} offset ${rankCandidates} limit ${c.offset + c.limit - rankCandidates}) as tail`;
    return { query: sql`(${ranked}) union all (${tail}) order by ${order} limit ${c.limit} offset ${c.offset}`, order };
  }
  const order = c.sort === 'salary' ? sql`salary_key desc nulls last, posted_at desc, id desc` : newest;
  return {
    query: sql`select id, 0::real as rank, salary_key, posted_at, 0 as part, null::int as found
      from (${matches} order by ${order} limit ${c.limit} offset ${c.offset}) as p`,
    order,
  };
}

/**
 * One page of matching public jobs, in the asked order, with a snippet around the matched words.
 * Null only for a slice that held too few matches to be sure of the page.
 */
export async function findJobPage(db: Db, c: SearchCriteria, plan?: 'walk' | 'scan'): Promise<JobSummaryRecord[]>;
export async function findJobPage(db: Db, c: SearchCriteria, plan: PagePlan): Promise<JobSummaryRecord[] | null>;
export async function findJobPage(db: Db, c: SearchCriteria, plan: PagePlan = 'scan'): Promise<JobSummaryRecord[] | null> {
  // A slice with fewer jobs than its size is all of them: no date bound.
  const since = typeof plan === 'object' ? await sliceStart(db, plan.slice) : null;
  const page = pageIds(c, plan, since);
  const query = sql`
    with page as (${page.query})
    select ${summaryColumns(c.text)}, page.found
    from page join ${jobs} on ${jobs.id} = page.id join ${companies} on ${companies.id} = ${jobs.companyId}
    order by ${page.order}`;
  type Row = SummaryRow & { found: number | null };
  // A walk forbids the other ways for this one statement (settings local to its transaction).
  const rows =
    plan === 'walk'
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
          return queryRows<Row>(tx as unknown as Db, query);
        })
      : await queryRows<Row>(db, query);
  if (typeof plan === 'object') {
    // Complete when the slice held every candidate a full read would rank, or a whole page newest first.
    const complete = c.text && c.sort === 'relevance' ? (rows[0]?.found ?? 0) >= rankCandidates : rows.length === c.limit;
    if (!complete) return null;
  }
  return rows.map(summaryOf);
}

/** A job as a search result shows it, as read by `summaryColumns`. */
interface SummaryRow {
  id: number;
  title: string;
  company_id: number;
  company_name: string;
  company_logo: string | null;
  location: string;
  is_remote: boolean;
  salary_min: number | null;
  salary_max: number | null;
  currency: string;
  employment_type: JobSummaryRecord['employmentType'];
  experience_level: JobSummaryRecord['experienceLevel'];
  skills: string[];
  posted_at: string | Date;
  opening: string;
  headline: string | null;
}

/**
 * The columns of a search result (`SummaryRow`) from `jobs` joined to `companies`, with the snippet
 * for `text` (a column, for words that differ by row: a null one has none).
 */
function summaryColumns(text: string | SQL | null): SQL {
  // ts_headline of a null query (a row without words) is null.
  const headline = text ? sql`ts_headline('english', ${jobs.description}, ${tsquery(text)}, ${headlineOptions})` : sql`null::text`;
  return sql`${jobs.id}, ${jobs.title}, ${companies.id} as company_id, ${companies.name} as company_name, ${companies.logo} as company_logo,
      ${jobs.location}, ${jobs.isRemote}, ${jobs.salaryMin}, ${jobs.salaryMax}, ${jobs.currency}, ${jobs.employmentType}, ${jobs.experienceLevel}, ${jobs.postedAt},
      array(select s.name from job_skills s where s.id = any(${jobs.skillIds}) order by array_position(${jobs.skillIds}, s.id)) as skills,
      left(${jobs.description}, ${openingLength}) as opening, ${headline} as headline`;
}

const summaryOf = (r: SummaryRow): JobSummaryRecord => ({
  id: r.id,
  title: r.title,
  companyId: r.company_id,
  companyName: r.company_name,
  companyLogo: r.company_logo,
  location: r.location,
  isRemote: r.is_remote,
  salaryMin: r.salary_min,
  salaryMax: r.salary_max,
  currency: r.currency,
  employmentType: r.employment_type,
  experienceLevel: r.experience_level,
  skills: r.skills,
  postedAt: new Date(r.posted_at),
  snippet: r.headline === null ? openingSnippet(r.opening) : matchedSnippet(r.headline, r.opening),
});

/** Estimates count one job in 16, or in 128: those whose id is a multiple (partial indexes of migration 0004). */
export const sampleRates = [16, 128] as const;
export type SampleRate = (typeof sampleRates)[number];
export const inSample = (every: SampleRate) => sql.raw(`"job_search"."id" % ${every} = 0`);

/**
 * The count of matching public jobs and, per facet, the count per value with every other active
 * filter applied but not its own (`scanned`: the rows read for that, which pass every filter that has no facet). The matching rows are read once; one grouping-sets pass counts
 * the total, types, levels, remote and posted-within, and three small passes the locations,
 * categories and skills. `sampleEvery` counts only that fixed sample of jobs (the caller scales up).
 */
export async function countJobFacets(
  db: Db,
  c: SearchCriteria,
  options: { sampleEvery?: SampleRate } = {},
): Promise<{ total: number; scanned: number; facets: FacetRow[] }> {
  const f = facetConditions(c);
  const flag = (name: FacetName) => (f[name] ? sql`(${f[name]})` : sql`true`);
  const flags = (names: FacetName[]) => sql.raw(names.map((n) => `f_${n}`).join(' and ') || 'true');
  const active = facetNames.filter((n) => f[n]);
  const others = (name: FacetName) => flags(active.filter((n) => n !== name));
  const every = flags(active);
  const selectedSkills = intArray(c.skills ?? []);
  const rows = await queryRows<{
    facet: FacetName | 'total' | 'base';
    value: string | null;
    label: string | null;
    n: number;
  }>(
    db,
    sql`
    with base as materialized (
      select ${jobSearch.employmentType} as employment_type, ${jobSearch.experienceLevel} as experience_level, ${jobSearch.location} as location,
        ${jobSearch.isRemote} as is_remote, ${jobSearch.postedAt} as posted_at, ${jobSearch.categoryIds} as category_ids, ${jobSearch.skillIds} as skill_ids,
        ${flag('employment_type')} as f_employment_type, ${flag('experience_level')} as f_experience_level, ${flag('category')} as f_category,
        ${flag('skills')} as f_skills, ${flag('location')} as f_location, ${flag('is_remote')} as f_is_remote, ${flag('posted_within')} as f_posted_within
      from ${jobSearch}
      where ${baseConditions(c)}${options.sampleEvery ? sql` and ${inSample(options.sampleEvery)}` : sql``}
    ),
    scalar as materialized (
      select grouping(employment_type) as g_type, grouping(experience_level) as g_level, employment_type, experience_level,
        count(*) filter (where ${others('employment_type')})::int as n_type,
        count(*) filter (where ${others('experience_level')})::int as n_level,
        count(*) filter (where ${every})::int as n_total,
        count(*)::int as n_base,
        count(*) filter (where ${others('is_remote')} and is_remote)::int as n_remote,
        count(*) filter (where ${others('is_remote')} and not is_remote)::int as n_on_site,
        count(*) filter (where ${others('posted_within')} and posted_at >= now() - interval '1 day')::int as n_day,
        count(*) filter (where ${others('posted_within')} and posted_at >= now() - interval '7 days')::int as n_week,
        count(*) filter (where ${others('posted_within')} and posted_at >= now() - interval '30 days')::int as n_month
      from base group by grouping sets ((employment_type), (experience_level), ())
    )
    select 'employment_type' as facet, employment_type as value, employment_type as label, n_type as n from scalar where g_type = 0
    union all
    select 'experience_level', experience_level, experience_level, n_level from scalar where g_level = 0
    union all
    select v.facet, v.value, v.label, v.n from scalar cross join lateral (values
      ('total', null, null, n_total), ('base', null, null, n_base), ('is_remote', 'true', 'Remote', n_remote), ('is_remote', 'false', 'On-site', n_on_site),
      ('posted_within', '1', 'Past 24 hours', n_day), ('posted_within', '7', 'Past week', n_week), ('posted_within', '30', 'Past month', n_month)
    ) as v(facet, value, label, n) where g_type = 1 and g_level = 1
    union all
    (select 'location', location, location, count(*)::int
      from base where ${others('location')} group by location order by 4 desc, location collate "C" limit ${facetLimits.location})
    union all
    (select 'category', x.id::text, t.name, x.n
      from (select id, count(*)::int as n from (select unnest(category_ids) as id from base where ${others('category')}) as u group by id) as x
      join job_categories t on t.id = x.id)
    union all
    (select 'skills', x.id::text, t.name, x.n
      from (select id, count(*)::int as n from (select unnest(skill_ids) as id from base where ${others('skills')}) as u group by id) as x
      join job_skills t on t.id = x.id order by x.id = any(${selectedSkills}) desc, x.n desc, t.name collate "C" limit ${facetLimits.skills})`,
  );
  let total = 0;
  let scanned = 0;
  const facets: FacetRow[] = [];
  for (const row of rows) {
    if (row.facet === 'total') total = row.n;
    else if (row.facet === 'base') scanned = row.n;
    else if (row.n > 0 || row.facet === 'employment_type' || row.facet === 'experience_level') {
      facets.push({ facet: row.facet, value: row.value ?? '', label: row.label ?? '', count: row.n });
    }
  }
  return { total, scanned, facets };
}

/** The exact count of matching public jobs, every filter applied (its indexes narrow it). */
export async function countJobs(db: Db, c: SearchCriteria): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${jobSearch}
      where ${everyCondition(c)}`,
  );
  return rows[0]?.n ?? 0;
}
