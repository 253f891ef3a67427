import {
  employmentTypes,
  experienceLevels,
  jobFacets,
  jobSummary,
  type FacetValue,
  type JobFacets,
  type JobSearchQuery,
  type JobSearchResult,
  type Paginated,
  type JobSummary,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import { offsetOf } from '../../lib/pagination';
import { utcToday } from '../../lib/dates';
import { findTaxonomyNames } from '../taxonomy';
import { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
import * as repo from './job-search.repository';
import type { FacetRow, SearchCriteria } from './job-search.repository';
import type { SearchCache } from './search-cache';

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
const postedWithinLabels: Record<string, string> = { '1': 'Past 24 hours', '7': 'Past week', '30': 'Past month' };

/** The facets as the response has them, from counted rows (the fixed ones list every value, the others the values counted, most first). */
export function renderFacets(rows: FacetRow[]): JobFacets {
  const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet);
  const countOf = (facet: FacetRow['facet'], value: string) => of(facet).find((r) => r.value === value)?.count ?? 0;
  const fixed = (facet: FacetRow['facet'], values: readonly string[], label: (v: string) => string): FacetValue[] =>
    values.map((value) => ({ value, label: label(value), count: countOf(facet, value) }));
  const listed = (facet: FacetRow['facet']): FacetValue[] =>
    of(facet)
      .map(({ value, label, count }) => ({ value, label, count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    employment_type: fixed('employment_type', employmentTypes, (v) => v),
    experience_level: fixed('experience_level', experienceLevels, (v) => v),
    category: listed('category'),
    skills: listed('skills'),
    location: listed('location'),
    is_remote: fixed('is_remote', ['true', 'false'], (v) => (v === 'true' ? 'Remote' : 'On-site')),
    posted_within: fixed('posted_within', ['1', '7', '30'], (v) => postedWithinLabels[v]!),
  };
}

/** Optimal string alignment distance: edits, counting a swap of two neighbours as one ("pyhton"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The corrections of a misspelt word, best first: known words within the edits its length allows,
 * by the words ("pyhton": python) or by their lexemes ("devloper", lexeme `devlop`: `develop`,
 * shown as the typed word with the lexeme mended, "developer", then as the known word).
 */
export function spellingCandidates(
  word: string,
  lexeme: string | null,
  similar: ReadonlyArray<repo.WordForm & { similarity: number }>,
): string[] {
  const ranked = similar
    .filter((c) => c.word !== word)
    .flatMap((c) => {
      const byWord = { shown: [c.word], edits: editDistance(word, c.word) };
      if (!lexeme || !c.lexeme || c.lexeme === lexeme) return [byWord];
      // The typed word with its lexeme mended, where the lexeme begins it (as English stems mostly do).
      const mended = word.length > lexeme.length && word.startsWith(lexeme) ? [c.lexeme + word.slice(lexeme.length)] : [];
      const byLexeme = { shown: [...mended, c.word], edits: editDistance(lexeme, c.lexeme) };
      return [byWord, byLexeme];
    })
    .filter((c) => c.edits <= allowedEdits(word.length))
    .map((c, i) => ({ ...c, i }))
    .sort((a, b) => a.edits - b.edits || a.i - b.i);
  return [...new Set(ranked.flatMap((c) => c.shown))].filter((w) => w !== word);
}

/** How many edits a correction of a word this long may make. */
const allowedEdits = (length: number) => (length <= 5 ? 1 : length <= 9 ? 2 : 3);

// Words as the search text has them; `or` is the websearch operator, short words are not corrected.
const wordPattern = /[\p{L}][\p{L}\p{N}]*/gu;
const minCorrectableLength = 4;
/** The words of a search text that may be corrected (long enough, not the operator `or`). */
const correctableWords = (text: string) =>
  [...text.matchAll(wordPattern)].filter((m) => m[0].length >= minCorrectableLength && m[0].toLowerCase() !== 'or');

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

/** What a search answers before paging links are added: cached as one piece. */
export interface SearchOutcome {
  results: JobSummary[];
  count: number;
  countIsEstimate: boolean;
  facets: JobFacets;
  correctedSearch: string | null;
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

/** A kept answer's tags: the jobs on its page and their companies (`forget` drops by them). */
const answerTags = (answer: SearchOutcome) => answer.results.flatMap((r) => [`j${r.id}`, `c${r.company.id}`]);

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
      const why = await repo.explainNoMatch(db, { ...criteria, text }, words);
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
      return {
        results: jobSummaries.parse(page.map(presentJobSummary)),
        count: counted.total,
        countIsEstimate: counted.isEstimate,
        facets: jobFacets.parse(await buildFacets(q, counted.facets)),
        correctedSearch: corrected,
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
      const { lexeme, similar } = await repo.findSimilarWords(db, word);
      // The best candidate that a public job has (asked in one statement, best first).
      const best = await repo.findFirstMatchedWord(db, spellingCandidates(word, lexeme, similar), today);
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
  const knownJobCount = keptFor(300_000, () => repo.estimateJobCount(db));
  const knownLexemeShares = keptFor(300_000, () => repo.lexemeShares(db));
  const knownDateOrder = keptFor(300_000, () => repo.dateOrder(db));
  // What the queries of recent search texts look for: for the page plan.
  const queryLexemesOf = rememberLast(5000, (text) => repo.queryLexemes(db, text));
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
    async search(q: JobSearchQuery, toPage: (results: JobSummary[], count: number) => Paginated<JobSummary>): Promise<JobSearchResult> {
      const today = utcToday();
      const outcome = cache ? await cache.get(cacheKey(q, today), () => compute(q, today), answerTags) : await compute(q, today);
      return {
        ...toPage(outcome.results, outcome.count),
        count_is_estimate: outcome.countIsEstimate,
        facets: outcome.facets,
        corrected_search: outcome.correctedSearch,
      };
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

/** The picked categories or skills (`facet`) that no job counts: missing from its facet list. */
function pickedMissing(facets: JobFacets, facet: 'category' | 'skills', picked: readonly number[] | undefined): number[] {
  // Most answers pick none: nothing made for them (this runs for each answer a write brings up to date).
  if (!picked?.length) return [];
  return [...new Set(picked)].filter((id) => !facets[facet].some((v) => v.value === String(id)));
}

/**
 * The facets with each picked category or skill that no job counts listed last, with 0, so that it
 * can be unpicked (in the order picked). `nameOf` names it: null when it does not exist (left out),
 * undefined when that is not known (then the facets are not: null).
 */
function withPicked(
  facets: JobFacets,
  picked: { category?: readonly number[]; skills?: readonly number[] },
  nameOf: (facet: 'category' | 'skills', id: number) => string | null | undefined,
): JobFacets | null {
  const out = { ...facets };
  for (const facet of ['category', 'skills'] as const) {
    const missing = pickedMissing(facets, facet, facet === 'category' ? picked.category : picked.skills);
    if (!missing.length) continue;
    const values = [...facets[facet]];
    for (const id of missing) {
      const label = nameOf(facet, id);
      if (label === undefined) return null;
      if (label !== null) values.push({ value: String(id), label, count: 0 });
    }
    out[facet] = values;
  }
  return out;
}

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
