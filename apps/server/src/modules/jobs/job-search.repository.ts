import { sql, type SQL } from 'drizzle-orm';
import type { employmentTypes, experienceLevels, jobSorts } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { companies, jobs } from '../../db/schema';
import type { JobSummaryRecord } from './jobs.presenter';
import { publicJobCondition } from './jobs.repository';

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
const tsquery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;
const intArray = (ids: number[]) => sql`${sql.param(ids)}::integer[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** Conditions every counted row meets: public, the words, and the filters that have no facet. */
function baseConditions(c: SearchCriteria): SQL {
  const parts: SQL[] = [publicJobCondition(c.today)];
  if (c.text) parts.push(sql`${jobs.searchVector} @@ ${tsquery(c.text)}`);
  // A job's pay range meets the asked range; a job with only one bound is a range of one amount.
  if (c.salaryMin !== undefined) parts.push(sql`coalesce(${jobs.salaryMax}, ${jobs.salaryMin}) >= ${c.salaryMin}`);
  if (c.salaryMax !== undefined) parts.push(sql`coalesce(${jobs.salaryMin}, ${jobs.salaryMax}) <= ${c.salaryMax}`);
  if (c.company !== undefined) parts.push(sql`${jobs.companyId} = ${c.company}`);
  return sql.join(parts, sql` and `);
}

/** The faceted filters that are active, by facet (an inactive one is absent). */
function facetConditions(c: SearchCriteria): Partial<Record<FacetName, SQL>> {
  const f: Partial<Record<FacetName, SQL>> = {};
  if (c.employmentTypes?.length) f.employment_type = sql`${jobs.employmentType} = any(${textArray(c.employmentTypes)})`;
  if (c.experienceLevels?.length) f.experience_level = sql`${jobs.experienceLevel} = any(${textArray(c.experienceLevels)})`;
  if (c.categories?.length) f.category = sql`${jobs.categoryIds} && ${intArray(c.categories)}`;
  if (c.skills?.length) f.skills = sql`${jobs.skillIds} && ${intArray(c.skills)}`;
  if (c.location) f.location = sql`${jobs.location} ilike ${`%${escapeLike(c.location)}%`}`;
  if (c.isRemote !== undefined) f.is_remote = sql`${jobs.isRemote} = ${c.isRemote}`;
  if (c.postedWithinDays !== undefined) f.posted_within = sql`${jobs.postedAt} >= now() - make_interval(days => ${c.postedWithinDays})`;
  return f;
}

const allOf = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((x): x is SQL => x !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

const salaryKey = sql`coalesce(${jobs.salaryMax}, ${jobs.salaryMin})`;

/** The order of a search, over columns named rank, salary_key, posted_at and id. */
function orderBy(c: SearchCriteria): SQL {
  if (c.sort === 'salary') return sql`salary_key desc nulls last, posted_at desc, id desc`;
  if (c.sort === 'relevance' && c.text) return sql`rank desc, posted_at desc, id desc`;
  return sql`posted_at desc, id desc`;
}

/** One page of matching public jobs, in the asked order, with a snippet around the matched words. */
export async function findJobPage(db: Db, c: SearchCriteria): Promise<JobSummaryRecord[]> {
  const facets = facetConditions(c);
  const rank = c.text ? sql`ts_rank(${jobs.searchVector}, ${tsquery(c.text)})` : sql`0`;
  const snippet = c.text
    ? sql`ts_headline('english', ${jobs.description}, ${tsquery(c.text)}, 'MaxFragments=1, MaxWords=28, MinWords=12, StartSel="", StopSel=""')`
    : sql`left(${jobs.description}, 240)`;
  const rows = await queryRows<{
    id: number;
    title: string;
    company_id: number;
    company_name: string;
    company_logo: string | null;
    location: string;
    is_remote: boolean;
    salary_min: number | null;
    salary_max: number | null;
    employment_type: JobSummaryRecord['employmentType'];
    experience_level: JobSummaryRecord['experienceLevel'];
    skills: string[];
    posted_at: string | Date;
    snippet: string;
  }>(
    db,
    sql`
    with page as (
      select ${jobs.id} as id, ${rank} as rank, ${salaryKey} as salary_key, ${jobs.postedAt} as posted_at
      from ${jobs} join ${companies} on ${companies.id} = ${jobs.companyId}
      where ${baseConditions(c)} and ${allOf(Object.values(facets))}
      order by ${orderBy(c)}
      limit ${c.limit} offset ${c.offset}
    )
    select ${jobs.id}, ${jobs.title}, ${companies.id} as company_id, ${companies.name} as company_name, ${companies.logo} as company_logo,
      ${jobs.location}, ${jobs.isRemote}, ${jobs.salaryMin}, ${jobs.salaryMax}, ${jobs.employmentType}, ${jobs.experienceLevel}, ${jobs.postedAt},
      array(select s.name from job_skills s where s.id = any(${jobs.skillIds}) order by array_position(${jobs.skillIds}, s.id)) as skills,
      ${snippet} as snippet
    from page join ${jobs} on ${jobs.id} = page.id join ${companies} on ${companies.id} = ${jobs.companyId}
    order by ${orderBy(c)}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    companyId: r.company_id,
    companyName: r.company_name,
    companyLogo: r.company_logo,
    location: r.location,
    isRemote: r.is_remote,
    salaryMin: r.salary_min,
    salaryMax: r.salary_max,
    employmentType: r.employment_type,
    experienceLevel: r.experience_level,
    skills: r.skills,
    postedAt: new Date(r.posted_at),
    snippet: r.snippet.replace(/\s+/g, ' ').trim(),
  }));
}

/**
 * The count of matching public jobs and, per facet, the count per value with every other active
 * filter applied but not its own. One scan of the matching rows feeds every figure.
 */
export async function countJobFacets(
  db: Db,
  c: SearchCriteria,
  limits: { location: number; skills: number },
): Promise<{ total: number; facets: FacetRow[] }> {
  const f = facetConditions(c);
  const flag = (name: FacetName) => (f[name] ? sql`(${f[name]})` : sql`true`);
  const others = (name: FacetName) =>
    sql.raw(
      facetNames
        .filter((n) => n !== name && f[n])
        .map((n) => `f_${n}`)
        .join(' and ') || 'true',
    );
  const every = sql.raw(
    facetNames
      .filter((n) => f[n])
      .map((n) => `f_${n}`)
      .join(' and ') || 'true',
  );
  const selectedSkills = intArray(c.skills ?? []);
  const rows = await queryRows<{ facet: FacetName | 'total'; value: string | null; label: string | null; n: number }>(
    db,
    sql`
    with base as materialized (
      select ${jobs.employmentType} as employment_type, ${jobs.experienceLevel} as experience_level, ${jobs.location} as location,
        ${jobs.isRemote} as is_remote, ${jobs.postedAt} as posted_at, ${jobs.categoryIds} as category_ids, ${jobs.skillIds} as skill_ids,
        ${flag('employment_type')} as f_employment_type, ${flag('experience_level')} as f_experience_level, ${flag('category')} as f_category,
        ${flag('skills')} as f_skills, ${flag('location')} as f_location, ${flag('is_remote')} as f_is_remote, ${flag('posted_within')} as f_posted_within
      from ${jobs} join ${companies} on ${companies.id} = ${jobs.companyId}
      where ${baseConditions(c)}
    )
    select 'total' as facet, null as value, null as label, count(*)::int as n from base where ${every}
    union all
    (select 'employment_type', employment_type, employment_type, count(*)::int from base where ${others('employment_type')} group by 2)
    union all
    (select 'experience_level', experience_level, experience_level, count(*)::int from base where ${others('experience_level')} group by 2)
    union all
    (select 'location', location, location, count(*)::int from base where ${others('location')} group by 2 order by 4 desc, 2 limit ${limits.location})
    union all
    (select 'is_remote', is_remote::text, case when is_remote then 'Remote' else 'On-site' end, count(*)::int from base where ${others('is_remote')} group by 2, 3)
    union all
    (select 'posted_within', d.value, d.label, count(*)::int
      from base join (values ('1', 1, 'Past 24 hours'), ('7', 7, 'Past week'), ('30', 30, 'Past month')) as d(value, days, label)
        on base.posted_at >= now() - make_interval(days => d.days)
      where ${others('posted_within')} group by 2, 3)
    union all
    (select 'category', x.id::text, min(t.name), count(*)::int
      from base cross join unnest(base.category_ids) as x(id) join job_categories t on t.id = x.id
      where ${others('category')} group by x.id)
    union all
    (select 'skills', x.id::text, min(t.name), count(*)::int
      from base cross join unnest(base.skill_ids) as x(id) join job_skills t on t.id = x.id
      where ${others('skills')} group by x.id order by bool_or(x.id = any(${selectedSkills})) desc, 4 desc, 3 limit ${limits.skills})`,
  );
  let total = 0;
  const facets: FacetRow[] = [];
  for (const row of rows) {
    if (row.facet === 'total') total = row.n;
    else facets.push({ facet: row.facet, value: row.value ?? '', label: row.label ?? '', count: row.n });
  }
  return { total, facets };
}

/** Whether a search text has any searchable word at all (it may be only stop words or symbols). */
export async function hasSearchTerms(db: Db, text: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`select numnode(${tsquery(text)}) as n`);
  return (rows[0]?.n ?? 0) > 0;
}

/** The words (of those given) that match no public job. Stop words count as matching. */
export async function findUnmatchedWords(db: Db, words: string[], today: string): Promise<string[]> {
  if (!words.length) return [];
  const rows = await queryRows<{ word: string }>(
    db,
    sql`
    select w.word from unnest(${textArray(words)}) as w(word)
    where numnode(plainto_tsquery('english', w.word)) > 0
      and not exists (
        select 1 from ${jobs} join ${companies} on ${companies.id} = ${jobs.companyId}
        where ${jobs.searchVector} @@ plainto_tsquery('english', w.word) and ${publicJobCondition(today)})`,
  );
  return rows.map((r) => r.word);
}

export interface WordCandidate {
  word: string;
  similarity: number;
  matchesPublicJob: boolean;
}

/** The words of the job texts nearest to a (misspelt) word by trigrams, nearest first. */
export async function findSimilarWords(db: Db, word: string, today: string, limit = 8): Promise<WordCandidate[]> {
  const rows = await queryRows<{ word: string; similarity: number; matches: boolean }>(
    db,
    sql`
    select n.word, similarity(n.word, ${word}) as similarity,
      exists (
        select 1 from ${jobs} join ${companies} on ${companies.id} = ${jobs.companyId}
        where ${jobs.searchVector} @@ plainto_tsquery('english', n.word) and ${publicJobCondition(today)}) as matches
    from (select word from search_words order by word <-> ${word} limit ${limit}) as n`,
  );
  return rows.map((r) => ({ word: r.word, similarity: Number(r.similarity), matchesPublicJob: r.matches }));
}
