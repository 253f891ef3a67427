import { sql, type SQL } from 'drizzle-orm';
import type { employmentTypes, experienceLevels, jobSorts } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { inSlices } from '../../lib/pace';
import { companies, jobSearch, jobs, searchChanges, searchState, searchWords } from '../../db/schema';
import type { SearchChange } from './search-cache';
import type { SearchRow } from './live-answers';
import { readTsquery } from './query-terms';
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
const tsquery = (text: string | SQL) => sql`websearch_to_tsquery('english', ${text})`;
const intArray = (ids: number[]) => sql`${sql.param(ids)}::integer[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

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
  if (c.location) f.location = sql`${jobSearch.location} ilike ${`%${escapeLike(c.location)}%`}`;
  if (c.isRemote !== undefined) f.is_remote = sql`${jobSearch.isRemote} = ${c.isRemote}`;
  if (c.postedWithinDays !== undefined)
    f.posted_within = sql`${jobSearch.postedAt} >= now() - make_interval(days => ${c.postedWithinDays})`;
  return f;
}

const allOf = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((x): x is SQL => x !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** Every condition of a search: public, the words and every filter. */
const everyCondition = (c: SearchCriteria) => sql`${baseConditions(c)} and ${allOf(Object.values(facetConditions(c)))}`;

const salaryKey = sql`coalesce(${jobSearch.salaryMax}, ${jobSearch.salaryMin})`;

/**
 * Relevance ranks the newest this-many matches of a search (ts_rank on the weighted vector);
 * matches beyond them follow, newest first. Ranking every match of a word found in half the jobs
 * costs far more than a page is worth; see docs/decisions/006-job-search.md.
 */
export const rankCandidates = 200;
/**
 * Matches read beyond the ranked candidates (the next newest, ranked too) for a cached answer: a
 * candidate that leaves lets the newest of them in, worked out without computing the answer again.
 */
export const spareCandidates = 16;

/**
 * Values of the short facet lists (places, skills) read beyond what they show, with their counts:
 * a cached answer's list is worked out again from them when a value falls out or one rises. Which
 * of values with the same count make a list goes by name in the "C" collation (code point order),
 * an order live-answers.ts can tell too.
 */
export const spareFacetValues = 8;

/**
 * Jobs read just before and just after a page not ranked (newest or best paid first), in its
 * order: a job coming before the page or leaving it shifts the page by one, worked out from them.
 */
export const sparePageJobs = 20;

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

/** Microseconds since 1970 of a timestamp column: exact where a JavaScript Date keeps milliseconds. */
const microseconds = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;

/**
 * Columns part, rank, salary_key, posted_at, id and found (candidates ranked) of one page of
 * results, in order; for relevance within the ranked candidates, `ranked` is a CTE of every
 * candidate (id, rank, posted_at) that `page` reads.
 */
function pageIds(c: SearchCriteria, plan: PagePlan, since: Date | null): { query: SQL; order: SQL; ranked?: SQL; around?: SQL } {
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
    // With the spares (ranked too, and kept for a cached answer) when the page is within the candidates.
    const read = c.offset + c.limit <= rankCandidates ? rankCandidates + spareCandidates : rankCandidates;
    const ranked = sql`select candidates.id, ts_rank(ranked_job.search_vector, ${tsquery(c.text)}) as rank, null::integer as salary_key,
        candidates.posted_at, 0 as part, count(*) over ()::int as found,
        row_number() over (order by candidates.posted_at desc, candidates.id desc) as newness
      from (${matches} order by ${newest} limit ${read}) as candidates
      join job_search as ranked_job on ranked_job.id = candidates.id`;
    if (c.offset + c.limit <= rankCandidates) {
      // The candidates are kept apart: a cached answer is kept up to date from them (live-answers.ts).
      return {
        ranked,
        query: sql`select * from ranked where newness <= ${rankCandidates} order by ${order} limit ${c.limit} offset ${c.offset}`,
        order,
      };
    }
    const tail = sql`select id, 0::real as rank, null::integer as salary_key, posted_at, 1 as part, null::int as found, null::bigint as newness
      from (${matches} order by ${newest} offset ${rankCandidates} limit ${c.offset + c.limit - rankCandidates}) as tail`;
    return { query: sql`(${ranked}) union all (${tail}) order by ${order} limit ${c.limit} offset ${c.offset}`, order };
  }
  const order = c.sort === 'salary' ? sql`salary_key desc nulls last, posted_at desc, id desc` : newest;
  // The page with the jobs just before and after it (`around`, numbered in order), kept for a cached answer.
  const before = Math.min(c.offset, sparePageJobs);
  return {
    around: sql`select w.*, row_number() over (order by ${order}) as n
      from (${matches} order by ${order} limit ${before + c.limit + sparePageJobs} offset ${c.offset - before}) as w`,
    query: sql`select id, 0::real as rank, salary_key, posted_at, 0 as part, null::int as found
      from around where n > ${before} and n <= ${before + c.limit}`,
    order,
  };
}

/**
 * One page of matching public jobs, in the asked order, with a snippet around the matched words.
 * Null only for a slice that held too few matches to be sure of the page.
 */
export async function findJobPage(db: Db, c: SearchCriteria, plan?: 'walk' | 'scan'): Promise<JobPage>;
export async function findJobPage(db: Db, c: SearchCriteria, plan: PagePlan): Promise<JobPage | null>;
export async function findJobPage(db: Db, c: SearchCriteria, plan: PagePlan = 'scan'): Promise<JobPage | null> {
  // A slice with fewer jobs than its size is all of them: no date bound.
  const since = typeof plan === 'object' ? await sliceStart(db, plan.slice) : null;
  const page = pageIds(c, plan, since);
  type Row = SummaryRow & {
    found: number | null;
    rank: number;
    posted_us: string | number;
    candidates: Array<[number, string | number, number]> | null;
    around: Array<[number, string | number, number | null]> | null;
  };
  // Every ranked candidate, newest first, once (on the page's first row).
  const candidateList = sql`(select json_agg(json_build_array(r.id, ${microseconds(sql`r.posted_at`)}, r.rank)
        order by r.posted_at desc, r.id desc) from ranked r)`;
  const candidates = page.ranked ? sql`case when row_number() over () = 1 then ${candidateList} end` : sql`null::json`;
  // The jobs around a page not ranked, in order, once (on the page's first row).
  const aroundList = sql`(select json_agg(json_build_array(a.id, ${microseconds(sql`a.posted_at`)}, a.salary_key) order by a.n) from around a)`;
  const around = page.around ? sql`case when row_number() over () = 1 then ${aroundList} end` : sql`null::json`;
  const query = sql`
    with ${page.ranked ? sql`ranked as materialized (${page.ranked}), ` : sql``}${page.around ? sql`around as materialized (${page.around}), ` : sql``}page as (${page.query})
    select ${summaryColumns(c.text)}, page.found, page.rank,
      ${microseconds(sql`page.posted_at`)} as posted_us, ${candidates} as candidates, ${around} as around
    from page join ${jobs} on ${jobs.id} = page.id join ${companies} on ${companies.id} = ${jobs.companyId}
    order by ${page.order}`;
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
  let list = rows.find((r) => r.candidates)?.candidates;
  if (page.ranked && !rows.length && c.offset > 0) {
    // A page past the last match: the candidates (every match) are read alone, for a cached answer.
    const alone = await queryRows<{ candidates: Row['candidates'] }>(
      db,
      sql`with ranked as materialized (${page.ranked}) select ${candidateList} as candidates`,
    );
    list = alone[0]?.candidates ?? undefined;
  }
  let aroundRows = rows.find((r) => r.around)?.around;
  if (page.around && !rows.length) {
    // A page past the last match: the jobs before it are read alone, for a cached answer.
    const alone = await queryRows<{ around: Row['around'] }>(
      db,
      sql`with around as materialized (${page.around}) select ${aroundList} as around`,
    );
    aroundRows = alone[0]?.around ?? undefined;
  }
  const records = rows.map((r) => ({ ...summaryOf(r), postedUs: Number(r.posted_us), rank: Number(r.rank) }));
  const kept = page.ranked ? (list ?? []).map(([id, postedUs, rank]) => ({ id, postedUs: Number(postedUs), rank: Number(rank) })) : null;
  // Every match when fewer than asked were read, unless a slice read them (older ones may be outside it).
  const everyMatch = kept !== null && typeof plan !== 'object' && kept.length < rankCandidates + spareCandidates;
  const aroundKeys = page.around
    ? (aroundRows ?? []).map(([id, postedUs, salaryKey]) => ({ id, postedUs: Number(postedUs), salaryKey }))
    : null;
  const window: PageWindow | null = aroundKeys && {
    keys: aroundKeys,
    start: Math.min(c.offset, sparePageJobs),
    // The last match is among them when fewer were read than asked (not by a slice: older ones may be outside it).
    toEnd: typeof plan !== 'object' && aroundKeys.length < Math.min(c.offset, sparePageJobs) + c.limit + sparePageJobs,
  };
  return Object.assign(records, { candidates: kept, everyMatch, window });
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

/** Jobs to show as a page of a search for `text` shows them (`findPageSummaries`). */
export interface PageAsk {
  ids: readonly number[];
  text: string | null;
}

/**
 * For each ask, its jobs as a page of a search for its text shows them (public or not), by id: for
 * kept answers whose page a write changed (job-search.service, "answers patched"). One statement
 * for them all; a job asked for by several with the same text is read once.
 */
export async function findPageSummaries(db: Db, asks: readonly PageAsk[]): Promise<Array<Map<number, JobSummaryRecord>>> {
  const pairKey = (id: number, text: string | null) => `${id} ${text ?? ''}`;
  const pairs = new Map<string, { id: number; text: string | null }>();
  for (const { ids, text } of asks) for (const id of ids) pairs.set(pairKey(id, text || null), { id, text: text || null });
  if (!pairs.size) return asks.map(() => new Map());
  const asked = [...pairs.values()];
  // Each job's columns are read once (`s`), however many asks show it; only its snippet is made for
  // each text (a write's new job comes onto the pages of tens of answers, nearly all with words), from
  // the description read beside it (`d`), which `s` leaves out so that no row carries it back.
  const rows = await queryRows<SummaryRow & { asked_text: string | null; pair_headline: string | null }>(
    db,
    sql`with w as (select * from unnest(${intArray(asked.map((p) => p.id))}, ${sql.param(asked.map((p) => p.text))}::text[]) as w(id, text)),
        s as materialized (select ${summaryColumns(null)}
          from ${jobs} join ${companies} on ${companies.id} = ${jobs.companyId} where ${jobs.id} in (select id from w))
        select s.*, w.text as asked_text, ts_headline('english', d.description, ${tsquery(sql`w.text`)}, ${headlineOptions}) as pair_headline
        from w join s on s.id = w.id join ${jobs} as d on d.id = w.id`,
  );
  // Made in slices of 2 ms (each snippet is worked out here), letting requests in between.
  const { value: read } = await inSlices(
    (function* () {
      const made = new Map<string, JobSummaryRecord>();
      for (const r of rows) {
        made.set(pairKey(r.id, r.asked_text), summaryOf({ ...r, headline: r.pair_headline }));
        yield;
      }
      return made;
    })(),
    2,
  );
  return asks.map(({ ids, text }) => {
    const page = new Map<number, JobSummaryRecord>();
    for (const id of ids) {
      const record = read.get(pairKey(id, text || null));
      if (record) page.set(id, record);
    }
    return page;
  });
}

/** A job of a page, with where it sorts: its posting time in microseconds and its rank (0 when not ranked). */
export type PageRecord = JobSummaryRecord & { postedUs: number; rank: number };
/** A ranked candidate of a relevance page (`rankCandidates`). */
export interface RankedCandidate {
  id: number;
  postedUs: number;
  rank: number;
}
/**
 * A page of jobs in order, and for relevance within the ranked candidates every candidate and the
 * spares, newest first (null otherwise; empty when the page is: they are read with its first row),
 * with whether they are every match.
 */
export type JobPage = PageRecord[] & { candidates: RankedCandidate[] | null; everyMatch: boolean; window: PageWindow | null };

/**
 * The jobs around a page not ranked, in its order: those at positions offset - start onwards (the
 * page is `keys[start, start + limit)`); `toEnd`: the last match is among them.
 */
export interface PageWindow {
  keys: Array<{ id: number; postedUs: number; salaryKey: number | null }>;
  start: number;
  toEnd: boolean;
}

/** Estimates count one job in 16, or in 128: those whose id is a multiple (partial indexes of migration 0004). */
export const sampleRates = [16, 128] as const;
export type SampleRate = (typeof sampleRates)[number];
const inSample = (every: SampleRate) => sql.raw(`"job_search"."id" % ${every} = 0`);

/**
 * The count of matching public jobs and, per facet, the count per value with every other active
 * filter applied but not its own (`scanned`: the rows read for that, which pass every filter that has no facet). The matching rows are read once; one grouping-sets pass counts
 * the total, types, levels, remote and posted-within, and three small passes the locations,
 * categories and skills. `sampleEvery` counts only that fixed sample of jobs (the caller scales up).
 */
export async function countJobFacets(
  db: Db,
  c: SearchCriteria,
  limits: { location: number; skills: number },
  options: { sampleEvery?: SampleRate } = {},
): Promise<{ total: number; scanned: number; facets: FacetRow[]; spares: FacetRow[]; unlisted: FacetBounds }> {
  const f = facetConditions(c);
  const flag = (name: FacetName) => (f[name] ? sql`(${f[name]})` : sql`true`);
  const flags = (names: FacetName[]) => sql.raw(names.map((n) => `f_${n}`).join(' and ') || 'true');
  const active = facetNames.filter((n) => f[n]);
  const others = (name: FacetName) => flags(active.filter((n) => n !== name));
  const every = flags(active);
  const selectedSkills = intArray(c.skills ?? []);
  const rows = await queryRows<{
    facet: FacetName | 'total' | 'base' | 'location_spare' | 'skills_spare' | 'location_next' | 'skills_next';
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
    (select case when ord <= ${limits.location} then 'location' when ord <= ${limits.location + spareFacetValues} then 'location_spare'
        else 'location_next' end, value, value, n
      from (select location as value, count(*)::int as n, row_number() over (order by count(*) desc, location collate "C") as ord
        from base where ${others('location')} group by location order by 2 desc, location collate "C" limit ${limits.location + spareFacetValues + 1}) as x)
    union all
    (select 'category', x.id::text, t.name, x.n
      from (select id, count(*)::int as n from (select unnest(category_ids) as id from base where ${others('category')}) as u group by id) as x
      join job_categories t on t.id = x.id)
    union all
    (select case when ord <= ${limits.skills} then 'skills' when ord <= ${limits.skills + spareFacetValues} then 'skills_spare'
        else 'skills_next' end, id::text, name, n
      from (select x.id, t.name, x.n, row_number() over (order by x.id = any(${selectedSkills}) desc, x.n desc, t.name collate "C") as ord
        from (select id, count(*)::int as n from (select unnest(skill_ids) as id from base where ${others('skills')}) as u group by id) as x
        join job_skills t on t.id = x.id order by x.id = any(${selectedSkills}) desc, 3 desc, t.name collate "C" limit ${limits.skills + spareFacetValues + 1}) as y)`,
  );
  let total = 0;
  let scanned = 0;
  const facets: FacetRow[] = [];
  const spares: FacetRow[] = [];
  const unlisted: FacetBounds = { location: null, skills: null };
  for (const row of rows) {
    if (row.facet === 'total') total = row.n;
    else if (row.facet === 'base') scanned = row.n;
    else if (row.facet === 'location_next') unlisted.location = row.n;
    else if (row.facet === 'skills_next') unlisted.skills = row.n;
    else if (row.facet === 'location_spare' || row.facet === 'skills_spare') {
      spares.push({
        facet: row.facet === 'location_spare' ? 'location' : 'skills',
        value: row.value ?? '',
        label: row.label ?? '',
        count: row.n,
      });
    } else if (row.n > 0 || row.facet === 'employment_type' || row.facet === 'experience_level') {
      facets.push({ facet: row.facet, value: row.value ?? '', label: row.label ?? '', count: row.n });
    }
  }
  return { total, scanned, facets, spares, unlisted };
}

/**
 * The greatest count of a location, or of a skill, that the facet's list and its spares left out
 * (they hold the most common only); null when they left none out.
 */
export interface FacetBounds {
  location: number | null;
  skills: number | null;
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

/**
 * Whether a public job has the word (SQL over a column or parameter of words). The 1-in-128
 * sample is asked first: for a common word a sampled match answers from a small index, where the
 * full index would first gather every match (40,000 for "engineer") into a bitmap.
 */
const matchesPublicJob = (word: SQL, today: string) => {
  const exists = (sample: SQL) => sql`exists (
    select 1 from ${jobSearch}
    where ${sample}${jobSearch.searchVector} @@ plainto_tsquery('english', ${word}) and ${publicSearchRowCondition(today)})`;
  return sql`(${exists(sql`${inSample(128)} and `)} or ${exists(sql``)})`;
};

/**
 * The words, in their order, for which a condition holds, as a text[]: each word is its own bind
 * parameter in its own condition, so the planner sees the word when it plans the index search.
 * (Over `unnest(words)` it saw a column, guessed that a job would match soon and planned a scan of
 * every row: 3 s for one misspelt word at 1,000,000 jobs.)
 */
function eachWordWhere(words: string[], holds: (word: SQL) => SQL): SQL {
  if (!words.length) return sql`array[]::text[]`;
  const picks = words.map((w) => sql`case when ${holds(sql`${w}::text`)} then ${w}::text end`);
  return sql`array_remove(array[${sql.join(picks, sql`, `)}], null)`;
}

/**
 * Why a search may have found nothing, in one statement: whether any public job matches with every
 * filter (a count would be 0 when not), whether the text has any searchable word (it may be only
 * stop words or symbols), which of the given words match no public job (stop words count as
 * matching), and which are no word of any job text at all (misspelt even when their stem matches,
 * as "enginer" does "engineer": corrected too, so a correction fixes every word, not only the first).
 */
export async function explainNoMatch(
  db: Db,
  c: SearchCriteria & { text: string },
  words: string[],
): Promise<{ matches: boolean; hasTerms: boolean; unmatched: string[]; unknown: string[] }> {
  type Row = { matches: boolean; has_terms: boolean; unmatched: string[]; unknown: string[] };
  const query = sql`select exists (select 1 from ${jobSearch} where ${everyCondition(c)}) as matches, numnode(${tsquery(c.text)}) > 0 as has_terms,
      ${eachWordWhere(words, (w) => sql`numnode(plainto_tsquery('english', ${w})) > 0 and not ${matchesPublicJob(w, c.today)}`)} as unmatched,
      array(select w.word from unnest(${textArray(words)}) with ordinality as w(word, n)
        where numnode(plainto_tsquery('english', w.word)) > 0 and not exists (select 1 from ${searchWords} sw where sw.word = w.word)
        order by w.n) as unknown`;
  // Every check here asks whether any row matches, and this statement runs when the sample found
  // none: the planner, guessing that a row turns up soon, would read the table until one does,
  // and read all of it when none does ("regions offers" at 1,000,000 jobs: over 15 s; through
  // the words' index, 9 ms). This one statement may not scan the table (a setting local to its
  // transaction).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    return queryRows<Row>(tx as unknown as Db, query);
  });
  const row = rows[0]!;
  return { matches: row.matches, hasTerms: row.has_terms, unmatched: row.unmatched, unknown: row.unknown };
}

/** The words of the job texts nearest to a (misspelt) word by trigrams, nearest first. */
export async function findSimilarWords(db: Db, word: string, limit = 8): Promise<Array<{ word: string; similarity: number }>> {
  const rows = await queryRows<{ word: string; similarity: number }>(
    db,
    sql`select word, similarity(word, ${word}) as similarity from search_words order by word <-> ${word} limit ${limit}`,
  );
  return rows.map((r) => ({ word: r.word, similarity: Number(r.similarity) }));
}

/** The first of the words, in their order, that a public job has; null when none has. */
export async function findFirstMatchedWord(db: Db, words: string[], today: string): Promise<string | null> {
  if (!words.length) return null;
  // A CASE tries the words in order and stops at the first a public job has; each word is planned
  // as a constant (see eachWordWhere).
  const picks = words.map((w) => sql`when ${matchesPublicJob(sql`${w}::text`, today)} then ${w}::text`);
  const rows = await queryRows<{ word: string | null }>(db, sql`select case ${sql.join(picks, sql` `)} end as word`);
  return rows[0]?.word ?? null;
}

/**
 * The version of everything a search reads (it moves with every committed write, migration 0005)
 * and what the versions after `after` changed (migration 0025), read in one snapshot; the changes
 * are null when `after` is undefined or more than `most` versions behind.
 */
export async function readSearchChanges(
  db: Db,
  after: number | undefined,
  most = 2_000,
): Promise<{ version: number; changes: SearchChange[] | null }> {
  const changes =
    after === undefined
      ? sql`null::json`
      : sql`case when s.version - ${after}::bigint <= ${most}::bigint then coalesce((
          select json_agg(json_build_array(c.version, c.job_id, case when c.before is null and c.after is null then c.lexemes end,
            c.before, c.after, c.lexemes is not null) order by c.version)
          from ${searchChanges} c where c.version > ${after}::bigint), '[]'::json) end`;
  // Lexemes are sent once: with a job's rows, they are the union of theirs. The rows' vectors tell
  // whether a phrase matches (rankChangedJobs ranks with the vector where it is).
  type Row = [number | string, number | null, string[] | null, StoredSearchRow | null, StoredSearchRow | null, boolean];
  const rows = await queryRows<{ version: number | string; changes: Row[] | null }>(
    db,
    sql`select s.version, ${changes} as changes from ${searchState} s where s.id = 1`,
  );
  const row = rows[0];
  return {
    version: Number(row?.version ?? 0),
    changes:
      row?.changes?.map(([version, jobId, lexemes, before, after, matchesChanged]) => {
        if (jobId === null || !matchesChanged || (!before && !after)) return { version: Number(version), jobId, lexemes };
        const rows = { before: searchRowOf(before), after: searchRowOf(after) };
        const union = [...new Set([...(rows.before?.lexemes ?? []), ...(rows.after?.lexemes ?? [])])];
        return { version: Number(version), jobId, lexemes: union, rows };
      }) ?? null,
  };
}

/** A search row as migration 0026's `job_search_change_row` writes it. */
interface StoredSearchRow {
  company_id: number;
  salary_min: number | null;
  salary_max: number | null;
  currency: string;
  posted_us: number | string;
  deadline: string | null;
  is_open: boolean;
  company_approved: boolean | null;
  is_remote: boolean;
  employment_type: string;
  experience_level: string;
  location: string;
  category_ids: number[];
  skill_ids: number[];
  lexemes: string[];
  /** Since migration 0027 before the change too (0026 wrote it after it only). */
  vector?: string | null;
}

function searchRowOf(row: StoredSearchRow | null): SearchRow | null {
  if (!row) return null;
  return {
    companyId: row.company_id,
    salaryMin: row.salary_min,
    salaryMax: row.salary_max,
    currency: row.currency,
    postedUs: Number(row.posted_us),
    deadline: row.deadline,
    isOpen: row.is_open,
    companyApproved: row.company_approved === true,
    isRemote: row.is_remote,
    employmentType: row.employment_type,
    experienceLevel: row.experience_level,
    location: row.location,
    categoryIds: row.category_ids,
    skillIds: row.skill_ids,
    lexemes: row.lexemes,
    ...(typeof row.vector === 'string' ? { vector: row.vector } : {}),
  };
}

/**
 * `ts_rank` of jobs' rows after a change (the vector search_changes keeps) against search texts'
 * queries, as a relevance page ranks them; undefined where the change row is gone.
 */
export async function rankChangedJobs(
  db: Db,
  pairs: Array<{ version: number; jobId: number; text: string }>,
): Promise<Array<number | undefined>> {
  if (!pairs.length) return [];
  const rows = await queryRows<{ n: number | string; rank: number }>(
    db,
    sql`with p as (select * from unnest(${sql.param(pairs.map((p) => p.version))}::bigint[], ${intArray(pairs.map((p) => p.jobId))},
          ${textArray(pairs.map((p) => p.text))}) with ordinality as p(version, job_id, text, n)),
        v as materialized (select c.version, c.job_id, (c.after ->> 'vector')::tsvector as vector from ${searchChanges} c
          where (c.version, c.job_id) in (select distinct version, job_id from p))
      select p.n, ts_rank(v.vector, ${tsquery(sql`p.text`)}) as rank from p join v on v.version = p.version and v.job_id = p.job_id`,
  );
  const ranks: Array<number | undefined> = pairs.map(() => undefined);
  for (const r of rows) ranks[Number(r.n) - 1] = Number(r.rank);
  return ranks;
}

/** About how many jobs there are (the planner's statistics; no scan). */
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
 * The lexemes a search text's query looks for (`websearch_to_tsquery`, so stop words and operators
 * are as the search sees them, excluded words too) and what the query needs of a job's words
 * (`readTsquery`; null when it needs none or its form is not read, so any job can reach it).
 */
export async function queryLexemes(db: Db, text: string): Promise<ReturnType<typeof readTsquery>> {
  const rows = await queryRows<{ query: string }>(db, sql`select websearch_to_tsquery('english', ${text})::text as query`);
  return readTsquery(rows[0]?.query ?? '');
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

export async function estimateJobCount(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'job_search'::regclass`,
  );
  return Number(rows[0]?.n ?? 0);
}
