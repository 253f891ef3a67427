import {
  jobFacets,
  jobSummary,
  type JobFacets,
  type JobSearchQuery,
  type JobSearchResult,
  type Paginated,
  type JobSummary,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import { offsetOf, type PagedJson } from '../../lib/pagination';
import { utcToday } from '../../lib/dates';
import { findTaxonomyNames } from '../taxonomy';
import { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
import * as repo from './job-search.repository';
import * as statistics from './search-statistics.repository';
import * as spellingRepo from './spelling.repository';
import type { FacetRow, SearchCriteria } from './job-search.repository';
import type { SearchCache } from './search-cache';
import { pickedMissing, renderFacets, withPicked } from './facets';
import { correctableWords, spellingCandidates } from './spelling';

/** `read()`'s answer, read again once it is older than `ms`; callers meanwhile share one read (a failed one is retried). */
function keptFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { value: Promise<T>; at: number } | undefined;
  return () => {
    if (!kept || Date.now() - kept.at > ms) {
      const value = read();
      kept = { value, at: Date.now() };
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}

/**
 * Walking an ordered index reads about `wanted × jobs / matches` rows, each a visit to the table in
 * index order (~6 µs each on the benchmark machine); collecting every match reads `matches` rows in
 * table order (~3 µs each). A slice of the newest `2 × wanted × jobs / matches` jobs reads their
 * date index entries (~0.4 µs each), the word index's bitmap and about twice the wanted rows. The
 * word index's bitmap costs ~0.2 µs a match for one word; for several words it reads every word's
 * list (`indexEntries`: the sum of their jobs, ~0.05 µs each), which for a phrase of common words
 * is far more than its matches ("product managers" remote at 1,000,000 jobs: 1.5 million entries,
 * 73 ms, for 52,000 matches). The sampled count of matches picks the cheapest.
 */
export function choosePagePlan(
  criteria: SearchCriteria,
  expectedMatches: number,
  jobs: number,
  indexEntries = 0,
  { dateOrder = 0, visits = 0 }: { dateOrder?: number; visits?: number } = {},
): repo.PagePlan {
  const wanted =
    criteria.text && criteria.sort === 'relevance'
      ? Math.max(repo.rankCandidates, criteria.offset + criteria.limit)
      : criteria.offset + criteria.limit;
  // No statistics yet (a table never analysed): collecting the matches is never a disaster.
  if (jobs <= 0 || expectedMatches <= 0) return 'scan';
  // (Best paid first under a pay ceiling walks too: the ceiling is checked in the salary index, so
  // better-paid jobs are passed there, without a visit to the table.)
  // A collection visits the table row of every job the indexes cannot rule out: the matches, or,
  // when no filter has an index (remote, type, level, currency), every job with the word
  // (`visits`: "prepare" contract mid level at 1,000,000 jobs matches 4,842 jobs but the word is in
  // ~125,000, so collecting took 591 ms where walking took 54).
  const candidates = Math.max(expectedMatches, visits);
  const wordIndex = Math.max(0.2 * candidates, 0.05 * indexEntries);
  // A walk visits a table row per index entry: ~6 µs when the rows are scattered through the table,
  // ~1.3 µs newest first when they lie in posting order (jobs written as they are posted), the next
  // row then being on the page just read (1,000,000 jobs: "nurse" walked ~5,700 rows in 7.7 ms).
  const walkRow = repo.readsNewestFirst(criteria) && dateOrder >= 0.9 ? 1.3 : 6;
  const walk = (walkRow * wanted * jobs) / expectedMatches;
  const scan = 2.8 * candidates + wordIndex;
  const slice = Math.ceil((2 * wanted * jobs) / expectedMatches);
  const sliceCost = 0.4 * slice + wordIndex + Math.max(6 * wanted, (2.8 * slice * candidates) / jobs);
  if (repo.readsNewestFirst(criteria) && slice < jobs / 2 && sliceCost < Math.min(walk, scan)) return { slice };
  return walk <= scan ? 'walk' : 'scan';
}

/**
 * Counting every match of a very broad search costs a heap read per match. From `estimateAbove`
 * rows to read (judged on the 1-in-16 sample) counts and facets are estimated from that sample,
 * and from `coarseEstimateAbove` (judged on the 1-in-128 sample) from that smaller one.
 */
export const estimateAbove = 2000;
export const coarseEstimateAbove = 25_000;

/** An estimate rounded to two significant digits (tens at least), as "about 42,000" reads. */
export function roundEstimate(n: number): number {
  if (n <= 0) return 0;
  const step = 10 ** Math.max(1, Math.floor(Math.log10(n)) - 1);
  return Math.max(step, Math.round(n / step) * step);
}
/** Search text as typed, tidied: one space between words; null when it has nothing to search for. */
export function normalizeSearchText(text: string | undefined): string | null {
  const tidy = (text ?? '').replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(tidy) ? tidy : null;
}

function toCriteria(q: JobSearchQuery, text: string | null, today: string): SearchCriteria {
  return {
    text,
    today,
    salaryMin: q.salary_min,
    salaryMax: q.salary_max,
    currency: q.currency,
    company: q.company,
    employmentTypes: q.employment_type,
    experienceLevels: q.experience_level,
    categories: q.category,
    skills: q.skills,
    location: q.location || undefined,
    isRemote: q.is_remote,
    postedWithinDays: q.posted_within === undefined ? undefined : Number(q.posted_within),
    sort: q.sort,
    limit: q.page_size,
    offset: offsetOf(q),
  };
}

/** A page of summaries, as the response's schema has them. */
const jobSummaries = jobSummary.array();

/**
 * What a search answers before paging links are added, cached as one piece: the response's parts as
 * JSON, written once when computed, so that a kept answer is sent without being serialized again.
 */
export interface SearchOutcome {
  /** The page's jobs: the response's `results`. */
  resultsJson: string;
  count: number;
  /** The response's fields after the page's links (`count_is_estimate`, `facets`, `corrected_search`), without braces. */
  restJson: string;
  /** The jobs on the page and their companies (`forget` drops answers by them). */
  tags: string[];
}

/** The cache key: every input that changes the answer, in a fixed order. */
export function cacheKey(q: JobSearchQuery, today: string): string {
  const sorted = <T>(v: T[] | undefined) => (v ? [...v].sort() : null);
  return JSON.stringify([
    today,
    q.search ?? null,
    q.location?.toLowerCase() ?? null,
    q.is_remote ?? null,
    sorted(q.employment_type),
    sorted(q.experience_level),
    sorted(q.category),
    sorted(q.skills),
    q.salary_min ?? null,
    q.salary_max ?? null,
    q.currency ?? null,
    q.posted_within ?? null,
    q.company ?? null,
    q.sort,
    q.page,
    q.page_size,
  ]);
}

const answerTags = (answer: SearchOutcome) => answer.tags;

/** A search's count (exact or estimated) and facet rows. */
interface Counted {
  total: number;
  isEstimate: boolean;
  facets: FacetRow[];
}

export interface JobSearchOptions {
  db: Db;
  /** The result cache (search-cache.ts); none: every search is computed. */
  cache?: SearchCache;
  /** Match counts from which counts and facets are estimated (tests lower them). */
  estimateAbove?: number;
  coarseEstimateAbove?: number;
}

export function createJobSearchService({ db, cache, ...thresholds }: JobSearchOptions) {
  const fineFrom = thresholds.estimateAbove ?? estimateAbove;
  const coarseFrom = thresholds.coarseEstimateAbove ?? coarseEstimateAbove;

  /** What a search answers, computed from the database. */
  async function compute(q: JobSearchQuery, today: string): Promise<SearchOutcome> {
    const asked = normalizeSearchText(q.search);
    let text = asked;
    let correctedSearch: string | null = null;
    let criteria = toCriteria(q, text, today);
    // Browsing every job (no words, no filter) walks an ordered index whatever the counts: its page
    // is read while the sample is counted.
    if (repo.isBrowse(criteria)) {
      const [sampled, page] = await Promise.all([sample(criteria), readPage(criteria, 'walk')]);
      return answer(page, await countAndFacets(criteria, sampled.coarse), null);
    }
    let sampled = await sample(criteria);
    // None in the sample: one statement says whether anything matches at all (a count would be 0
    // if not) and, if not, whether the text is only stop words (then search without it) or which of
    // its words match no public job (then correct them). All before a page is read.
    if (text && sampled.coarse.total === 0) {
      const words = [...new Set(correctableWords(text).map((m) => m[0].toLowerCase()))];
      const why = await spellingRepo.explainNoMatch(db, { ...criteria, text }, words);
      // Every misspelt word: those that match nothing, and those no job text has even if their stem matches.
      const misspelt = [...new Set([...why.unmatched, ...why.unknown])];
      const corrected = why.matches || !why.hasTerms ? null : await correctSpelling(text, misspelt, today);
      if (!why.matches && (!why.hasTerms || corrected !== null)) {
        text = corrected;
        correctedSearch = corrected;
        criteria = toCriteria(q, text, today);
        sampled = await sample(criteria);
      }
    }
    const [page, counted] = await Promise.all([readPage(criteria, sampled.plan), countAndFacets(criteria, sampled.coarse)]);
    return answer(page, counted, correctedSearch);

    // Checked against the response's schema here, once per computed answer: the route sends what
    // it is given (jobsRoutes), so a cached answer is not checked again at every request.
    async function answer(page: JobSummaryRecord[], counted: Counted, corrected: string | null): Promise<SearchOutcome> {
      const results = jobSummaries.parse(page.map(presentJobSummary));
      const rest: Omit<JobSearchResult, keyof Paginated<JobSummary>> = {
        count_is_estimate: counted.isEstimate,
        facets: jobFacets.parse(await buildFacets(q, counted.facets)),
        corrected_search: corrected,
      };
      return {
        resultsJson: JSON.stringify(results),
        count: counted.total,
        restJson: JSON.stringify(rest).slice(1, -1),
        tags: results.flatMap((r) => [`j${r.id}`, `c${r.company.id}`]),
      };
    }
  }

  /** A page by the plan chosen; a slice that held too few matches to be sure of it collects them all. */
  async function readPage(criteria: SearchCriteria, plan: repo.PagePlan) {
    return (await repo.findJobPage(db, criteria, plan)) ?? (await repo.findJobPage(db, criteria, 'scan'));
  }

  /**
   * Corrects each word that matches no public job to the nearest known word (trigram neighbours
   * from search_words, then the fewest edits, between the words or between their lexemes).
   * Answers the corrected text, or null when no word changed.
   */
  async function correctSpelling(text: string, unmatched: string[], today: string): Promise<string | null> {
    const corrections = new Map<string, string>();
    for (const word of unmatched) {
      const { lexeme, similar } = await spellingRepo.findSimilarWords(db, word);
      // The best candidate that a public job has (asked in one statement, best first).
      const best = await spellingRepo.findFirstMatchedWord(db, spellingCandidates(word, lexeme, similar), today);
      if (best) corrections.set(word, best);
    }
    if (!corrections.size) return null;
    let corrected = '';
    let from = 0;
    for (const m of correctableWords(text)) {
      const replacement = corrections.get(m[0].toLowerCase());
      if (!replacement) continue;
      corrected += text.slice(from, m.index) + replacement;
      from = m.index + m[0].length;
    }
    return corrected + text.slice(from);
  }

  async function buildFacets(q: JobSearchQuery, rows: FacetRow[]): Promise<JobFacets> {
    const facets = renderFacets(rows);
    const names = new Map<string, string>();
    for (const facet of ['category', 'skills'] as const) {
      const missing = pickedMissing(facets, facet, facet === 'category' ? q.category : q.skills);
      if (missing.length)
        for (const [id, name] of await findTaxonomyNames(db, facet === 'category' ? 'category' : 'skill', missing))
          names.set(`${facet}:${id}`, name);
    }
    return withPicked(facets, { category: q.category, skills: q.skills }, (facet, id) => names.get(`${facet}:${id}`) ?? null)!;
  }

  /**
   * Facets read every row that matches the words and the filters without a facet. When those are
   * many (judged on the 1-in-128, then the 1-in-16 sample) the facets are estimated from the sample,
   * and so is the count when it is large too; a small count is then counted exactly (indexes narrow it).
   */
  async function countAndFacets(
    criteria: SearchCriteria,
    coarse: { scanned: number; total: number; facets: FacetRow[] },
  ): Promise<Counted> {
    const scaled = (facets: FacetRow[], every: number) => facets.map((f) => ({ ...f, count: roundEstimate(f.count * every) }));
    let sampled = { ...coarse, every: 128 };
    if (coarse.scanned * 128 < coarseFrom) {
      const fine = await repo.countJobFacets(db, criteria, { sampleEvery: 16 });
      if (fine.scanned * 16 < fineFrom) {
        const all = await repo.countJobFacets(db, criteria);
        return { total: all.total, isEstimate: false, facets: all.facets };
      }
      sampled = { ...fine, every: 16 };
    }
    const facets = scaled(sampled.facets, sampled.every);
    if (sampled.total * sampled.every >= fineFrom) {
      return { total: roundEstimate(sampled.total * sampled.every), isEstimate: true, facets };
    }
    return { total: await repo.countJobs(db, criteria), isEstimate: false, facets };
  }

  // The planner's row count of jobs, and the word index's commonest lexemes with their shares of
  // jobs (PostgreSQL's statistics of the column): read again every few minutes, for the page plan.
  const knownJobCount = keptFor(300_000, () => statistics.estimateJobCount(db));
  const knownLexemeShares = keptFor(300_000, () => statistics.lexemeShares(db));
  const knownDateOrder = keptFor(300_000, () => statistics.dateOrder(db));
  // What the queries of recent search texts look for: for the page plan.
  const queryLexemesOf = rememberLast(5000, (text) => statistics.queryLexemes(db, text));
  /** Each word's share of jobs (how long its list in the word index is). */
  async function sharesOf(text: string): Promise<number[]> {
    const [{ shares, rest }, lexemes] = await Promise.all([knownLexemeShares(), queryLexemesOf(text)]);
    return [...new Set(lexemes)].map((lexeme) => shares.get(lexeme) ?? rest);
  }
  /** The summed shares of jobs of the words of a search of several words (0 for one word: its matches say it). */
  async function wordShares(text: string | null): Promise<number> {
    if (!text || !severalWords(text)) return 0;
    return (await sharesOf(text)).reduce((sum, share) => sum + share, 0);
  }

  /** The share of jobs with a one-word text's word when every filter lacks an index (0 otherwise: the indexes narrow it). */
  async function unfilteredShare(criteria: SearchCriteria): Promise<number> {
    const c = criteria;
    const indexed = c.location || c.categories?.length || c.skills?.length || c.company !== undefined;
    const ranged = c.salaryMin !== undefined || c.salaryMax !== undefined || c.postedWithinDays !== undefined;
    const unindexed = c.isRemote !== undefined || c.employmentTypes?.length || c.experienceLevels?.length || c.currency !== undefined;
    if (!c.text || indexed || ranged || !unindexed || severalWords(c.text)) return 0;
    const shares = await sharesOf(c.text);
    return shares.length === 1 ? shares[0]! : 0;
  }

  /** The 1-in-128 sample's counts, and the plan of the page they imply. */
  async function sample(criteria: SearchCriteria) {
    const [coarse, jobs, share, dateOrder, wordAlone] = await Promise.all([
      repo.countJobFacets(db, criteria, { sampleEvery: 128 }),
      knownJobCount(),
      wordShares(criteria.text),
      knownDateOrder(),
      unfilteredShare(criteria),
    ]);
    return { coarse, plan: choosePagePlan(criteria, coarse.total * 128, jobs, share * jobs, { dateOrder, visits: wordAlone * jobs }) };
  }

  return {
    /** Public job search: words (typos corrected when they match nothing), filters, facets, sort and paging. */
    async search(q: JobSearchQuery): Promise<PagedJson> {
      const today = utcToday();
      const outcome = cache ? await cache.get(cacheKey(q, today), () => compute(q, today), answerTags) : await compute(q, today);
      return { rowsJson: outcome.resultsJson, total: outcome.count, restJson: outcome.restJson };
    },
    /**
     * Drops every kept answer showing one of these jobs, or a job of one of these companies: called
     * when a job is changed or deleted, or a company's approval or face changes, after it committed.
     */
    async forget(changed: { jobIds?: readonly number[]; companyIds?: readonly number[] }): Promise<void> {
      await cache?.drop([...(changed.jobIds ?? []).map((id) => `j${id}`), ...(changed.companyIds ?? []).map((id) => `c${id}`)]);
    },
    /** The cache's counts and size (undefined without a cache), for the benchmark and the tests. */
    cacheStats: () => (cache ? { ...cache.stats, ...cache.size() } : undefined),
  };
}
export type JobSearch = ReturnType<typeof createJobSearchService>;

const severalWords = (text: string) => /\S\s+\S/.test(text.trim());

/** Remembers the answers for the last `size` texts (a failed read is forgotten). */
function rememberLast<T>(size: number, read: (text: string) => Promise<T>): (text: string) => Promise<T> {
  const known = new Map<string, Promise<T>>();
  return (text) => {
    let answer = known.get(text);
    if (!answer) {
      answer = read(text);
      known.set(text, answer);
      answer.catch(() => known.delete(text));
      if (known.size > size) known.delete(known.keys().next().value!);
    }
    return answer;
  };
}
