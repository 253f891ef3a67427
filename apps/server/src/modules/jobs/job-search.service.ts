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
import { batched } from '../../lib/batched';
import { inSlices } from '../../lib/pace';
import { freshReader } from '../../lib/fresh-read';
import { SearchCache, rankKey, type AnswerReach, type AnswerUpdater, type Completion, type PendingAnswer } from './search-cache';
import {
  applyChange,
  dropReasons,
  dropped,
  candidatesOf,
  countingPath,
  facetLimits,
  gateOf,
  rankWanted,
  type LabelOf,
  type LiveAnswer,
  type LiveCounts,
  type RowChange,
  type Thresholds,
} from './live-answers';
import { findAllTaxonomyNames, findTaxonomyNames } from '../taxonomy/taxonomy.repository';
import { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
import * as repo from './job-search.repository';
import type { FacetRow, JobPage, SearchCriteria } from './job-search.repository';

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

/** A kept answer, and what keeping it up to date needs (null: dropped by any write that may change it). */
interface Kept {
  outcome: SearchOutcome;
  live: LiveAnswer | null;
  /** Jobs its page now shows whose summaries must be read (again) before it is served; its results are then out of date. */
  unread?: readonly number[];
}

const shownKey = (id: number, text: string | null) => `${id} ${text ?? ''}`;

/** The count and facet rows (scaled when estimated) that a search's counts give (`countAndFacets`). */
export function countsOf(raw: LiveCounts, thresholds: Thresholds): { total: number; isEstimate: boolean; facets: FacetRow[] } {
  const path = countingPath(raw, thresholds);
  const every = raw.facetEvery;
  const facets = every === 1 ? raw.facets : raw.facets.map((f) => ({ ...f, count: roundEstimate(f.count * every) }));
  if (path === 'coarse-estimate') return { total: roundEstimate(raw.coarse.total * 128), isEstimate: true, facets };
  if (path === 'fine-estimate') return { total: roundEstimate(raw.fine!.total * 16), isEstimate: true, facets };
  return { total: raw.exact!, isEstimate: false, facets };
}

/**
 * How old (ms) the newest applied read may grow before a request begins the next one ahead: a
 * quarter of the freshness bound, less what the last catch-up took, so that a catch-up slowed down
 * (by the requests it lets in between its slices, under load, or by a change that reaches many
 * answers) still ends before requests must wait for one. Begun at half the bound, catch-ups of
 * 300-480 ms under 20 writes a second put the copy past it in a third of the benchmark's runs;
 * begun at a quarter, each carries fewer changes and none took that long (decision 006).
 */
export function readAheadAge(staleMs: number, lastCatchUpMs: number): number {
  return Math.max(0, staleMs / 4 - lastCatchUpMs);
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

export interface JobSearchOptions {
  db: Db;
  /**
   * Where the cache's freshness read runs (`Database.quick`): a cached answer waits only for it, so
   * it must not queue behind first-time searches for a pool connection. Defaults to `db`.
   */
  freshDb?: Db;
  /** How long answers stay cached (0: no cache); answers with a posted-within window at most 30 s. */
  cacheSeconds?: number;
  /** How many answers the cache holds (least recently used out). */
  cacheEntries?: number;
  /**
   * How old, in milliseconds, what a search shows may be (decision 006, "How fresh an answer is"):
   * it shows every write committed that long before it arrived, and every write this process
   * finished before it arrived (`noteWrite`). 0: every write committed before it arrived.
   */
  staleMs?: number;
  /**
   * How long, in milliseconds, a catch-up brings kept answers up to date before it lets waiting
   * requests in (`inSlices`); tests set 0 to let them in after every step.
   */
  catchUpSliceMs?: number;
  /** Match counts from which counts and facets are estimated (tests lower them). */
  estimateAbove?: number;
  coarseEstimateAbove?: number;
  /** Told after each catch-up (kept answers may have changed): the search thread checks its copy then (search-worker.ts). */
  onCatchUp?: () => void;
}

/** A catch-up's phases before it begins (`catchUpStats.catchUpMaxParts`). */
const noCatchUpParts = () => ({ read: 0, find: 0, rank: 0, apply: 0, changes: 0 });

export function createJobSearchService({
  db,
  freshDb = db,
  cacheSeconds = 0,
  cacheEntries = 10_000,
  staleMs = 0,
  catchUpSliceMs = 3,
  onCatchUp,
  ...thresholds
}: JobSearchOptions) {
  const fineFrom = thresholds.estimateAbove ?? estimateAbove;
  const coarseFrom = thresholds.coarseEstimateAbove ?? coarseEstimateAbove;
  const limits: Thresholds = { fineFrom, coarseFrom };
  // Every category's and skill's name (`loadLabels`), for a value a kept answer's facet gains;
  // forgotten whenever the cache is emptied (a rename empties it) and read again.
  const labels = new Map<string, string>();
  const labelOf: LabelOf = (facet, value) => labels.get(`${facet}:${value}`);
  // For each change being applied: the jobs (but the one changed) it moved off a page, as that page
  // showed them, by `shownKey`: a later page they move onto shows them so, if it is visited after.
  const movedBy = new WeakMap<RowChange, Map<string, JobSummary>>();
  const updater: AnswerUpdater<Kept> = {
    rankWanted: (kept, change) => (kept.live ? rankWanted(kept.live, change) : null),
    update(kept, change, rankOf) {
      if (!kept.live) {
        return dropped('not kept up to date');
      }
      const text = kept.live.criteria.text;
      const live = applyChange(kept.live, change, {
        rank: text === null ? undefined : rankOf(text),
        labelOf,
        thresholds: limits,
      });
      if (!live) return null;
      if (live === kept.live) return kept;
      let outcome = kept.outcome;
      if (live.counts !== kept.live.counts) {
        const counted = countsOf(live.counts, limits);
        // A picked category or skill no job counts is named as when computed (every one is in `labels`:
        // one not there does not exist, unless the names are not read yet: then it is not told here).
        const loaded = labelsFor === cache!.stats.flushes;
        const facets = withPicked(
          renderFacets(counted.facets),
          { category: live.criteria.categories, skills: live.criteria.skills },
          (facet, id) => labels.get(`${facet}:${id}`) ?? (loaded ? null : undefined),
        );
        if (!facets) return dropped('a picked value not named');
        outcome = { ...outcome, count: counted.total, countIsEstimate: counted.isEstimate, facets };
      }
      // A page that changed: its jobs in their new order. Those it did not show (or the job changed),
      // with those an earlier change left to read (still on the page), are read in the catch-up,
      // unless this change moved each of them off another page for the same text (the page before):
      // shown as it showed them (the job changed is always read).
      if (live.page !== kept.live.page || kept.live.page.some((k) => k.id === change.jobId) || kept.unread) {
        const shown = new Map(outcome.results.map((r) => [r.id, r]));
        const before = new Set(kept.unread);
        const unread = live.page.filter((k) => k.id === change.jobId || !shown.has(k.id) || before.has(k.id)).map((k) => k.id);
        let moved = movedBy.get(change);
        if (live.page !== kept.live.page) {
          const now = new Set(live.page.map((k) => k.id));
          for (const { id } of kept.live.page) {
            const summary = shown.get(id);
            if (summary && !now.has(id) && id !== change.jobId && !before.has(id)) {
              if (!moved) movedBy.set(change, (moved = new Map()));
              moved.set(shownKey(id, text), summary);
            }
          }
        }
        const found = unread.map((id) => (id === change.jobId ? undefined : moved?.get(shownKey(id, text))));
        if (found.some((summary) => !summary)) return { outcome, live, unread };
        unread.forEach((id, i) => shown.set(id, found[i]!));
        outcome = { ...outcome, results: live.page.map((k) => shown.get(k.id)!) };
      }
      return { outcome, live };
    },
    unread: (kept) => kept.unread !== undefined,
    reread: (kept, jobId) => (kept.live ? { ...kept, unread: [...new Set([...(kept.unread ?? []), jobId])] } : null),
    pageOf: (kept) => kept.live?.page.map((k) => k.id) ?? [],
    gate: (kept) => (kept.live ? gateOf(kept.live) : null),
  };
  /**
   * The jobs answers brought up to date newly show, read for each answer the cache asks for in the
   * same step (those a catch-up left waiting, as it ends) in one statement, on the pool (the
   * catch-ups keep the quick lane to themselves).
   */
  const readPages = batched((asks: repo.PageAsk[]) => {
    catchUpStats.pageStatements++;
    return repo.findPageSummaries(db, asks);
  });
  // A job read once for many answers (the same words, or none) is presented and checked against the
  // response's schema once.
  const presentedRecords = new WeakMap<JobSummaryRecord, JobSummary>();
  const presented = (record: JobSummaryRecord): JobSummary => {
    let summary = presentedRecords.get(record);
    if (!summary) presentedRecords.set(record, (summary = jobSummary.parse(presentJobSummary(record))));
    return summary;
  };
  /** Reads an answer's page's new jobs (`readPages`) and completes the answer with them (`SearchCache`'s `reader`). */
  async function readPage({ value: { live, unread } }: PendingAnswer<Kept>): Promise<Completion<Kept>> {
    const text = live!.criteria.text;
    const asked = new Set(unread);
    const began = performance.now();
    catchUpStats.pageReads++;
    const read = await readPages({ ids: [...asked], text });
    catchUpStats.pageReadMs += performance.now() - began;
    return (kept, changedSince) => {
      const { outcome, unread: now } = kept;
      if (!now) return kept;
      // A job to show that this read did not cover, or that a change named after it was asked for: read again.
      if (now.some((id) => changedSince(id) || !asked.has(id))) return null;
      const fresh = new Set(now);
      const shown = new Map(outcome.results.map((r) => [r.id, r]));
      // Only the summaries read now are checked against the response's schema (the others were).
      const results = kept.live!.page.map((k) => {
        if (!fresh.has(k.id)) return shown.get(k.id)!;
        const record = read.get(k.id);
        if (!record) throw new Error(`job ${k.id} of a kept answer's page is gone`);
        return presented(record);
      });
      return { outcome: { ...outcome, results }, live: kept.live };
    };
  }
  const cache = cacheSeconds > 0 ? new SearchCache<Kept>(cacheEntries, updater, staleMs > 0, () => catchUp(), readPage) : undefined;
  // How the catch-ups went: how many, how long they took (reading, ranking and applying), and how
  // many requests waited for one (their answer could not be older: `versionFor`). For the benchmark.
  const catchUpStats = {
    catchUps: 0,
    catchUpMs: 0,
    catchUpMaxMs: 0,
    applyMs: 0,
    waited: 0,
    pageReads: 0,
    pageReadMs: 0,
    pageStatements: 0,
    /**
     * The longest catch-up's phases, wall time (ms): reading what changed, finding the answers it
     * reaches (with requests served between slices), reading ranks, applying; and how many changes
     * it read (-1: none were, too many or the first read).
     */
    catchUpMaxParts: noCatchUpParts(),
    /** The last catch-ups that took over half the bound: when each began (ms since 1970), how long it took, its phases. */
    longCatchUps: [] as Array<{ at: number; ms: number; parts: ReturnType<typeof noCatchUpParts> }>,
  };
  // The phases of the catch-up under way (`catchUpMaxParts`).
  let parts = noCatchUpParts();
  // How long the last catch-up took (from its read's start to its end).
  let lastCatchUpMs = 0;
  // A read begun after the caller arrived (or after the moment it names): the version, and what
  // changed since this process last looked, applied to the cache before any answer is served (with
  // the ranks that bringing kept answers up to date needs). Concurrent searches share the reads.
  const catchUp = freshReader(async (readAt) => {
    try {
      return await catchUpOnce(readAt);
    } finally {
      const took = performance.now() - readAt;
      catchUpStats.catchUps++;
      catchUpStats.catchUpMs += took;
      if (took > catchUpStats.catchUpMaxMs) {
        catchUpStats.catchUpMaxMs = took;
        catchUpStats.catchUpMaxParts = parts;
      }
      if (took > Math.max(staleMs / 2, 100)) {
        catchUpStats.longCatchUps.push({ at: Date.now() - took, ms: took, parts });
        if (catchUpStats.longCatchUps.length > 32) catchUpStats.longCatchUps.shift();
      }
      lastCatchUpMs = took;
    }
  });
  async function catchUpOnce(readAt: number): Promise<number> {
    parts = noCatchUpParts();
    let mark = performance.now();
    const lap = (part: Exclude<keyof typeof parts, 'changes'>) => {
      const now = performance.now();
      parts[part] = now - mark;
      mark = now;
    };
    const { version, changes } = await repo.readSearchChanges(freshDb, cache!.version);
    parts.changes = changes?.length ?? -1;
    lap('read');
    // Finding the answers the changes reach and bringing them up to date runs in slices, with
    // requests served between them (from answers each right as of the changes applied so far).
    const { value: wanted, busyMs: finding } = await inSlices(cache!.wantingRanks(changes), catchUpSliceMs);
    lap('find');
    const ranks = new Map<string, number>();
    if (wanted.length) {
      const read = await repo.rankChangedJobs(freshDb, wanted);
      wanted.forEach((w, i) => read[i] !== undefined && ranks.set(rankKey(w.version, w.text), read[i]));
    }
    lap('rank');
    const flushes = cache!.stats.flushes;
    const { busyMs: applying } = await inSlices(cache!.applying(version, changes, ranks, readAt), catchUpSliceMs);
    lap('apply');
    const asking = performance.now();
    // The answers that now wait for their page's jobs: read now (in one statement), before they are asked again.
    cache!.readWaiting();
    catchUpStats.applyMs += finding + applying + performance.now() - asking;
    if (cache!.stats.flushes !== flushes) labels.clear();
    if (labelsFor !== cache!.stats.flushes) await loadLabels();
    onCatchUp?.();
    return version;
  }

  // Every category's and skill's name, read once and again after each time the cache is emptied
  // (a rename or a new one empties it), so that a value a facet gains has its label: without it
  // the answer is dropped. Read by the catch-up that needs them, before it ends; names read before
  // an emptying that came meanwhile are not kept, and a failed read is tried again next time.
  let labelsFor = -1;
  function loadLabels(): Promise<void> {
    const flushes = (labelsFor = cache!.stats.flushes);
    return Promise.all([findAllTaxonomyNames(freshDb, 'category'), findAllTaxonomyNames(freshDb, 'skill')]).then(
      ([categories, skills]) => {
        if (cache!.stats.flushes !== flushes) return;
        for (const [id, name] of categories) labels.set(`category:${id}`, name);
        for (const [id, name] of skills) labels.set(`skills:${id}`, name);
      },
      () => {
        if (labelsFor === flushes) labelsFor = -1;
      },
    );
  }
  // When this process last finished a write (`noteWrite`).
  let writtenAt = -Infinity;
  /**
   * The version a request arrived at `arrived` is answered from, once what it must show is applied:
   * without waiting while the newest read is recent enough (then a read is begun ahead, past a
   * quarter of the bound, so that under traffic requests never wait for one), else after a read begun at or
   * after `notBefore` (the one under way when it began late enough).
   */
  async function versionFor(arrived: number, notBefore: number): Promise<number> {
    const freshAs = cache!.freshAs;
    if (staleMs === 0 || freshAs === undefined || freshAs < notBefore) {
      catchUpStats.waited++;
      // A catch-up whose read began at or after `notBefore` applies every write this request must
      // show: waiting for the one under way is enough when it did.
      return catchUp(notBefore);
    }
    if (freshAs < arrived - readAheadAge(staleMs, lastCatchUpMs) && !catchUp.busy) catchUp().catch(() => undefined);
    return cache!.version!;
  }

  /**
   * Corrects each word that matches no public job to the nearest known word (trigram neighbours
   * from search_words, then the fewest edits). Answers the corrected text, or null when no word changed.
   */
  async function correctSpelling(text: string, unmatched: string[], today: string): Promise<string | null> {
    const corrections = new Map<string, string>();
    for (const word of unmatched) {
      const candidates = (await repo.findSimilarWords(db, word))
        .filter((c) => c.word !== word)
        .map((c) => ({ ...c, edits: editDistance(word, c.word) }))
        .filter((c) => c.edits <= allowedEdits(word.length))
        .sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || a.word.localeCompare(b.word));
      // The best candidate that a public job has (asked in one statement, best first).
      const best = await repo.findFirstMatchedWord(
        db,
        candidates.map((c) => c.word),
        today,
      );
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
  async function countAndFacets(criteria: SearchCriteria, coarse: Awaited<ReturnType<typeof repo.countJobFacets>>): Promise<LiveCounts> {
    const counts: LiveCounts = {
      coarse: { scanned: coarse.scanned, total: coarse.total },
      fine: null,
      facetEvery: 128,
      facets: coarse.facets,
      spares: coarse.spares,
      unlisted: coarse.unlisted,
      exact: null,
    };
    if (coarse.scanned * 128 < coarseFrom) {
      const fine = await repo.countJobFacets(db, criteria, facetLimits, { sampleEvery: 16 });
      Object.assign(counts, {
        fine: { scanned: fine.scanned, total: fine.total },
        facetEvery: 16,
        facets: fine.facets,
        spares: fine.spares,
        unlisted: fine.unlisted,
      });
      if (fine.scanned * 16 < fineFrom) {
        const all = await repo.countJobFacets(db, criteria, facetLimits);
        return { ...counts, facetEvery: 1, facets: all.facets, spares: all.spares, unlisted: all.unlisted, exact: all.total };
      }
    }
    const path = countingPath(counts, limits);
    if (path === 'coarse-exact' || path === 'fine-exact') counts.exact = await repo.countJobs(db, criteria);
    return counts;
  }

  // The planner's row count of jobs, and the word index's commonest lexemes with their shares of
  // jobs (PostgreSQL's statistics of the column): read again every few minutes, for the page plan.
  const knownJobCount = keptFor(300_000, () => repo.estimateJobCount(db));
  const knownLexemeShares = keptFor(300_000, () => repo.lexemeShares(db));
  const knownDateOrder = keptFor(300_000, () => repo.dateOrder(db));
  // What the queries of recent search texts look for: for the page plan and the cache.
  const queryLexemesOf = rememberLast(5000, (text) => repo.queryLexemes(db, text));
  /** Each word's share of jobs (how long its list in the word index is). */
  async function sharesOf(text: string): Promise<number[]> {
    const [{ shares, rest }, { lexemes }] = await Promise.all([knownLexemeShares(), queryLexemesOf(text)]);
    return [...new Set(lexemes)].map((lexeme) => shares.get(lexeme) ?? rest);
  }
  /** The summed shares of jobs of the words of a search of several words (0 for one word: its matches say it). */
  async function wordShares(text: string | null): Promise<number> {
    if (!text || !severalWords(text)) return 0;
    return (await sharesOf(text)).reduce((sum, share) => sum + share, 0);
  }

  /**
   * What a cached answer depends on: the jobs on its page, and what its query needs of a job's words
   * (a job that may match it can change its count, facets and page). A corrected text's answer also
   * depends on every word as typed: a job with one of them can change whether it is corrected.
   */
  async function reachOf(asked: string | null, searched: string | null, outcome: SearchOutcome): Promise<AnswerReach> {
    const jobIds = outcome.results.map((r) => r.id);
    if (!searched) return { jobIds, terms: null };
    const { terms } = await queryLexemesOf(searched);
    if (terms === null || !asked || asked === searched) return { jobIds, terms };
    const typed = await queryLexemesOf(asked);
    return { jobIds, terms: typed.lexemes.length ? { or: [terms, ...typed.lexemes] } : null };
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
      repo.countJobFacets(db, criteria, facetLimits, { sampleEvery: 128 }),
      knownJobCount(),
      wordShares(criteria.text),
      knownDateOrder(),
      unfilteredShare(criteria),
    ]);
    return { coarse, plan: choosePagePlan(criteria, coarse.total * 128, jobs, share * jobs, { dateOrder, visits: wordAlone * jobs }) };
  }

  /** The page beside the counts and facets. */
  async function finish(criteria: SearchCriteria, { coarse, plan }: Awaited<ReturnType<typeof sample>>) {
    const readPage = async () => {
      // A slice that held too few matches to be sure of the page: fewer match than sampled, so collect them all.
      return (await repo.findJobPage(db, criteria, plan)) ?? (await repo.findJobPage(db, criteria, 'scan'));
    };
    const [page, counted] = await Promise.all([readPage(), countAndFacets(criteria, coarse)]);
    return { page, counted };
  }

  async function compute(
    q: JobSearchQuery,
    today: string,
  ): Promise<{
    outcome: SearchOutcome;
    asked: string | null;
    searched: string | null;
    criteria: SearchCriteria;
    page: JobPage;
    counts: LiveCounts;
  }> {
    const asked = normalizeSearchText(q.search);
    let text = asked;
    let correctedSearch: string | null = null;
    let criteria = toCriteria(q, text, today);
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
    const { page, counted: counts } = await finish(criteria, sampled);
    const counted = countsOf(counts, limits);
    // Checked against the response's schema here, once per computed answer: the route sends what
    // it is given (jobsRoutes), so a cached answer is not checked again at every request.
    const outcome = {
      results: jobSummaries.parse(page.map(presentJobSummary)),
      count: counted.total,
      countIsEstimate: counted.isEstimate,
      facets: jobFacets.parse(await buildFacets(q, counted.facets)),
      correctedSearch,
    };
    return { outcome, asked, searched: text, criteria, page, counts };
  }

  /**
   * What keeping a computed answer up to date needs, or null when it is not kept so (see
   * live-answers.ts): a query form not read, a relevance page past the ranked candidates.
   * Category and skill filters are kept so (picked values no job counts are named when the
   * answer is brought up to date: the updater's `withPicked`). Words that match
   * nothing and have no correction are kept so: a job posted with them comes to the answer, its
   * summary read in the catch-up. So is a corrected text's answer (or, for a text of stop words
   * only, the answer without it), with the words as typed: a job with one of them may change the
   * correction, and drops it (a job with a word nearer a typo than any before changes no kept
   * answer, corrected or not: decision 006).
   */
  async function liveAnswerOf(computed: Awaited<ReturnType<typeof compute>>): Promise<LiveAnswer | null> {
    const { criteria: c, page, counts, asked, searched } = computed;
    const typed = asked !== searched && asked ? (await queryLexemesOf(asked)).lexemes : undefined;
    const terms = searched ? await queryLexemesOf(searched) : null;
    if (terms && terms.terms === null) return null;
    const ranked = c.text !== null && c.sort === 'relevance';
    if (ranked && (c.offset + c.limit > repo.rankCandidates || !page.candidates)) return null;
    return {
      criteria: { ...c, terms: terms?.terms ?? null, ...(typed ? { typed } : {}) },
      page: page.map((r) => ({ id: r.id, postedUs: r.postedUs, salaryKey: r.salaryMax ?? r.salaryMin, rank: r.rank })),
      candidates: ranked ? candidatesOf(page.candidates!, page.everyMatch) : null,
      counts,
      window: !ranked && page.window ? { ...page.window, keys: page.window.keys.map((k) => ({ ...k, rank: 0 })) } : null,
    };
  }

  return {
    /** Resolves once every answer being computed is kept or left out, and every page read is applied (`SearchCache.settled`). */
    settled: async (): Promise<void> => {
      await cache?.settled();
    },
    /**
     * The cache's counts (answers served, computed, dropped by writes) and size, and why changes
     * dropped answers (counted for every search service of this process); undefined without a cache.
     */
    cacheStats: () =>
      cache
        ? { ...cache.stats, size: cache.size, ...catchUpStats, keptOut: { ...cache.keptOut }, dropReasons: Object.fromEntries(dropReasons) }
        : undefined,
    /**
     * A write this process finished (any request that may change data, before its answer is sent):
     * searches arriving after it show it, whatever `staleMs` allows.
     */
    noteWrite(): void {
      writtenAt = performance.now();
    },
    /** Public job search: words (typos corrected when they match nothing), filters, facets, sort and paging. */
    async search(q: JobSearchQuery, toPage: (results: JobSummary[], count: number) => Paginated<JobSummary>): Promise<JobSearchResult> {
      const outcome = await answer(q);
      return {
        ...toPage(outcome.results, outcome.count),
        count_is_estimate: outcome.countIsEstimate,
        facets: outcome.facets,
        corrected_search: outcome.correctedSearch,
      };
    },
    /**
     * `search`'s answer before paging, for the search thread (search-worker.ts): for a request that
     * arrived at `clock.arrived` and must show every write before `clock.notBefore` (this thread's clock).
     */
    answer: (q: JobSearchQuery, clock: { arrived: number; notBefore: number }): Promise<SearchOutcome> => answer(q, clock),
    /** The kept answer a request for `key` may be served without asking (`SearchCache.peek`). */
    peek(key: string, now = Date.now()): { outcome: SearchOutcome; asOf: number | undefined; expires: number } | undefined {
      const found = cache?.peek(key, now);
      return found && { outcome: found.value.outcome, asOf: found.asOf, expires: found.expires };
    },
    /** The keys whose kept answer changed since the last call, null: any may have (`SearchCache.takeChanged`). */
    takeChanged: (): Set<string> | null => cache?.takeChanged() ?? new Set(),
    /** A request for `key` was served from the search thread's copy (`SearchCache.touch`). */
    touch(key: string, now = Date.now()): void {
      cache?.touch(key, now);
    },
    /** Requests are served (from a copy): the next catch-up begins ahead of the bound, as `versionFor` begins it. */
    keepFresh(now = performance.now()): void {
      const freshAs = cache?.freshAs;
      if (freshAs !== undefined && freshAs < now - readAheadAge(staleMs, lastCatchUpMs) && !catchUp.busy) catchUp().catch(() => undefined);
    },
    /** When the newest applied read began (`SearchCache.freshAs`): every kept answer shows every write committed before it. */
    freshAs: () => cache?.freshAs,
  };

  /** What a search answers (see `search`); `clock` as `answer` has it, by default now and this process's writes. */
  async function answer(q: JobSearchQuery, clock?: { arrived: number; notBefore: number }): Promise<SearchOutcome> {
    const today = utcToday();
    if (!cache) return (await compute(q, today)).outcome;
    // Every write this request must show (committed `staleMs` before it arrived, or finished by
    // this process before it arrived) has dropped or brought up to date the answers it could change.
    const key = cacheKey(q, today);
    const arrived = clock?.arrived ?? performance.now();
    // After this process's last write strictly (a read begun at the same instant may have begun before it).
    const notBefore = clock?.notBefore ?? (staleMs === 0 ? arrived : Math.max(arrived - staleMs, writtenAt + 1e-6));
    const version = await versionFor(arrived, notBefore);
    const kept = await cache.getOrCompute(
      key,
      version,
      async () => {
        // Computed after a read of what changed begun now (as a search that waits would be):
        // the fewer changes come between that version and the data read, the likelier the
        // answer is kept (one a change since could touch is not, and under writes that is
        // most broad answers computed from a version half a second old).
        const since = staleMs > 0 ? await catchUp() : version;
        // The text's lexemes are read beside the search (the cache needs them after it).
        const asked = normalizeSearchText(q.search);
        if (asked) queryLexemesOf(asked).catch(() => undefined);
        const computed = await compute(q, today);
        const reach = await reachOf(computed.asked, computed.searched, computed.outcome);
        const live = await liveAnswerOf(computed);
        const seconds = q.posted_within === undefined ? cacheSeconds : Math.min(cacheSeconds, 30);
        return { value: { outcome: computed.outcome, live }, reach, ttlMs: seconds * 1000, version: since };
      },
      notBefore,
    );
    return kept.outcome;
  }
}
export type JobSearchService = ReturnType<typeof createJobSearchService>;

/** The search cache's counts (`cacheStats`); from the search thread, with the requests its copy answered. */
export type SearchCacheStats = NonNullable<ReturnType<JobSearchService['cacheStats']>> & {
  copyHits?: number;
  copyLate?: number;
  copyLatePinned?: number;
  copySize?: number;
  /** With the search thread in the idle scheduling class: how many times a waiting request lifted it (search-thread-priority.ts). */
  threadLifts?: number;
};

/**
 * Job search as the route and the app know it: the service in this thread, or the front of the
 * search thread (search-thread.ts), which answers with the response as JSON.
 */
export interface JobSearch {
  settled(): Promise<void>;
  cacheStats(): SearchCacheStats | undefined;
  noteWrite(): void;
  search(q: JobSearchQuery, toPage: (results: JobSummary[], count: number) => Paginated<JobSummary>): Promise<JobSearchResult | string>;
}

// The search response's parts as JSON, for the search thread (search-worker.ts): each job's summary
// once (a job newly on many pages is made into JSON once), each answer's facets once.
const summaryJson = new WeakMap<JobSummary, string>();
const facetsJson = new WeakMap<JobFacets, string>();

/** The JSON of one result (made once for each summary). */
export function resultJsonOf(summary: JobSummary): string {
  let json = summaryJson.get(summary);
  if (json === undefined) summaryJson.set(summary, (json = JSON.stringify(summary)));
  return json;
}

/** The JSON of an answer's facets. */
export function facetsJsonOf(facets: JobFacets): string {
  let json = facetsJson.get(facets);
  if (json === undefined) facetsJson.set(facets, (json = JSON.stringify(facets)));
  return json;
}

/** The rest of an answer's response (after its results and facets), as JSON fields. */
export const restJsonOf = (outcome: SearchOutcome): string =>
  `"count_is_estimate":${outcome.countIsEstimate},"corrected_search":${JSON.stringify(outcome.correctedSearch)}`;

/** The parts of a search response as JSON: each result's (`resultJsonOf`), the facets' (`facetsJsonOf`), the rest (`restJsonOf`). */
export interface AnswerJson {
  count: number;
  /** Each result's JSON, in order. */
  results: string[];
  facets: string;
  rest: string;
}

/** An answer's response parts as JSON. */
export const answerJsonOf = (outcome: SearchOutcome): AnswerJson => ({
  count: outcome.count,
  results: outcome.results.map(resultJsonOf),
  facets: facetsJsonOf(outcome.facets),
  rest: restJsonOf(outcome),
});

/** The search response as JSON: its paging fields (a page of `toPage`, its results left out) and an answer's parts. */
export function answerJson(page: Omit<Paginated<JobSummary>, 'results'>, answer: AnswerJson): string {
  return `{"count":${page.count},"next":${JSON.stringify(page.next)},"previous":${JSON.stringify(page.previous)},"results":[${answer.results.join(',')}],"facets":${answer.facets},${answer.rest}}`;
}

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
