/**
 * Cached search answers kept up to date on each write instead of dropped (docs/decisions/006,
 * "Answers kept up to date"). A change to a job carries its search row before and after
 * (migrations 0026, 0027). For an answer that the job matches before or after (its words exactly,
 * a phrase's from where they stand, and its filters), what a fresh computation would give is
 * worked out here from what the answer kept when it was computed:
 * - the count and the facets: ±1 where the job counts (in a sampled count, only a sampled job
 *   counts), unless that would change how they are counted (exactly or estimated) or which values
 *   a facet's short list shows;
 * - the page: unchanged when the job sorts after it; in a relevance order made again from the
 *   ranked candidates whenever they are known after the change; newest or best paid first, a job
 *   coming to the first page takes its place there, and a job on the page edited where it sorts
 *   the same stays (job-search.service reads the jobs a changed page shows anew).
 * An answer for a corrected text is worked out so too, for the text it shows, unless the job has a
 * word as typed (it may change the correction).
 * Anything else (a job leaving a full list of candidates or a non-ranked page, entering a later
 * non-ranked page, a list's values that could change places, a rank not known) is not worked out:
 * the answer is dropped and computed again.
 */
import type { FacetBounds, FacetRow, RankedCandidate, SearchCriteria } from './job-search.repository';
import { rankCandidates, spareCandidates, sparePageJobs } from './job-search.repository';
import { phraseMatches, positionsOf, type Positions, type Term } from './query-terms';
import type { Gate } from './search-cache';

/** A job's search row, as a change records it before and after (migration 0026). */
export interface SearchRow {
  companyId: number;
  salaryMin: number | null;
  salaryMax: number | null;
  currency: string;
  /** Posting time, microseconds since 1970. */
  postedUs: number;
  /** YYYY-MM-DD or null. */
  deadline: string | null;
  isOpen: boolean;
  companyApproved: boolean;
  isRemote: boolean;
  employmentType: string;
  experienceLevel: string;
  location: string;
  categoryIds: number[];
  skillIds: number[];
  lexemes: string[];
  /** Its vector's text form (its words with their positions), to tell whether a phrase matches. */
  vector?: string;
}

/**
 * What a search asks of a job (job-search.repository's criteria, checked on one row here), and its
 * query's terms, null when it has no text.
 */
export type LiveCriteria = SearchCriteria & {
  terms: Term | null;
  /**
   * The lexemes of the text as typed, when the answer is for a corrected one (or for none: the typed
   * text was stop words only). A job with one of them can change whether and how the text is
   * corrected: a change to such a job is not worked out here.
   */
  typed?: readonly string[];
};

/** Where a job sorts. */
export interface SortKey {
  id: number;
  postedUs: number;
  salaryKey: number | null;
  rank: number;
}

/** Counts of the 1-in-N sample: rows that pass the conditions without a facet, and every condition. */
export interface SampleCounts {
  scanned: number;
  total: number;
}

export interface LiveCounts {
  coarse: SampleCounts;
  /** The 1-in-16 sample's, when it was read. */
  fine: SampleCounts | null;
  /** The sample the facets were counted on (1: every job). */
  facetEvery: 1 | 16 | 128;
  /** Raw counts on that sample. */
  facets: FacetRow[];
  /** The places and skills next after those their short lists show, with raw counts (`spareFacetValues`). */
  spares: FacetRow[];
  unlisted: FacetBounds;
  /** The exact count, when it was counted (null: estimated from the sample). */
  exact: number | null;
}

export interface LiveAnswer {
  criteria: LiveCriteria;
  page: SortKey[];
  /** A relevance page's ranked candidates (null in other orders). */
  candidates: Candidates | null;
  counts: LiveCounts;
  /** Newest or best paid first, the jobs around the page (null for relevance). */
  window?: LiveWindow | null;
}

/**
 * The jobs around a page not ranked, in its order (`sparePageJobs` before and after it): `keys[0]`
 * stands at position offset - start, the page is `keys[start, start + limit)`, and `toEnd` says
 * the last match is among them (no match stands after them).
 */
export interface LiveWindow {
  keys: SortKey[];
  start: number;
  toEnd: boolean;
}

/**
 * The newest matches with their ranks, newest first, in columns (5,000 kept answers of 200
 * candidates as objects were a million objects for the collector to walk): the first
 * `rankCandidates` are those a relevance page ranks; up to `spareCandidates` more, the next newest,
 * take the place of a candidate that leaves.
 */
export interface Candidates {
  ids: Int32Array;
  postedUs: Float64Array;
  ranks: Float64Array;
  /** Whether they are every match (false: older matches are left out). */
  complete: boolean;
}

/** `complete`: whether the list holds every match (by default, when it is shorter than the ranked candidates). */
export function candidatesOf(list: readonly RankedCandidate[], complete = list.length < rankCandidates): Candidates {
  const lists = candidateLists(list.length);
  list.forEach((k, i) => {
    lists.ids[i] = k.id;
    lists.postedUs[i] = k.postedUs;
    lists.ranks[i] = k.rank;
  });
  return { ...lists, complete };
}

const candidateAt = (k: Candidates, i: number): SortKey => ({
  id: k.ids[i]!,
  postedUs: k.postedUs[i]!,
  salaryKey: null,
  rank: k.ranks[i]!,
});

export interface Thresholds {
  fineFrom: number;
  coarseFrom: number;
}

/** How the counts are made (job-search.service's countAndFacets), from what the samples hold. */
export type CountingPath = 'coarse-estimate' | 'coarse-exact' | 'fine-estimate' | 'fine-exact' | 'all';
export function countingPath(c: Pick<LiveCounts, 'coarse' | 'fine'>, { fineFrom, coarseFrom }: Thresholds): CountingPath | null {
  if (c.coarse.scanned * 128 >= coarseFrom) return c.coarse.total * 128 >= fineFrom ? 'coarse-estimate' : 'coarse-exact';
  if (!c.fine) return null;
  if (c.fine.scanned * 16 < fineFrom) return 'all';
  return c.fine.total * 16 >= fineFrom ? 'fine-estimate' : 'fine-exact';
}

const ranked = (c: LiveCriteria) => c.terms !== null && c.sort === 'relevance';

/**
 * Whether a job whose words are exactly `lexemes` matches the query; a phrase is told from where its
 * words stand (`positions`, from the job's vector). Undefined when that is not told here (no
 * positions, or positions PostgreSQL may read otherwise: `phraseMatches`).
 */
export function matchesTerms(term: Term, lexemes: ReadonlySet<string>, positions?: () => Positions | undefined): boolean | undefined {
  if (typeof term === 'string') return lexemes.has(term);
  if ('phrase' in term) {
    if (!term.phrase.every((word) => lexemes.has(word))) return false;
    const known = positions?.();
    return known && phraseMatches(term, known);
  }
  if ('not' in term) {
    const inner = matchesTerms(term.not, lexemes, positions);
    return inner === undefined ? undefined : !inner;
  }
  const all = 'and' in term;
  let told: boolean | undefined = all;
  for (const part of all ? term.and : term.or) {
    const match = matchesTerms(part, lexemes, positions);
    if (match === !all) return match;
    if (match === undefined) told = undefined;
  }
  return told;
}

const dayUs = 86_400_000_000;

/** A row's lexemes as a set, made once for all the answers a change reaches. */
const lexemeSets = new WeakMap<SearchRow, ReadonlySet<string>>();
function lexemesOf(row: SearchRow): ReadonlySet<string> {
  let set = lexemeSets.get(row);
  if (!set) lexemeSets.set(row, (set = new Set(row.lexemes)));
  return set;
}
/**
 * Where a row's words stand, read from its vector once, when a phrase first asks: the asking
 * function is made once per row too (every answer a change reaches asks through it).
 */
const rowPositions = new WeakMap<SearchRow, () => Positions | undefined>();
function wordPositionsOf(row: SearchRow): () => Positions | undefined {
  let ask = rowPositions.get(row);
  if (!ask) {
    let positions: Positions | undefined;
    ask = () => (row.vector === undefined ? undefined : (positions ??= positionsOf(row.vector)));
    rowPositions.set(row, ask);
  }
  return ask;
}
type FacetFlag = 'employment_type' | 'experience_level' | 'location' | 'is_remote' | 'posted_within';

// eslint-disable-next-line no-control-regex
const ascii = /^[\x00-\x7f]*$/;
/** A place in lower case, or null when it is not ASCII (PostgreSQL's lower case may differ then); remembered, as every answer a change reaches asks. */
const lowerPlaces = new Map<string, string | null>();
function placeOf(text: string): string | null {
  let place = lowerPlaces.get(text);
  if (place === undefined) {
    place = ascii.test(text) ? text.toLowerCase() : null;
    if (lowerPlaces.size >= 10_000) lowerPlaces.clear();
    lowerPlaces.set(text, place);
  }
  return place;
}

/**
 * How a row meets the search: `base`, the conditions without a facet (public, the words, pay,
 * currency, company); `flags`, each active facet filter's. Null when it cannot be told here (a
 * place filter or place outside ASCII, whose case folding PostgreSQL may do otherwise; a phrase
 * whose words' positions are not known or may be read otherwise).
 */
function check(c: LiveCriteria, row: SearchRow, lexemes: ReadonlySet<string>, nowUs: number) {
  const words = c.terms === null || matchesTerms(c.terms, lexemes, wordPositionsOf(row));
  if (words === undefined) return null;
  const failing = failingFilters(c, row, nowUs);
  if (failing === null) return null;
  const base = words && meetsBase(c, row);
  const all = failing === 0;
  return { base, all, matches: base && all, failing };
}

/** Whether a row meets the conditions without a facet but the words: public, pay, currency, company. */
function meetsBase(c: LiveCriteria, row: SearchRow): boolean {
  const salaryHigh = row.salaryMax ?? row.salaryMin;
  const salaryLow = row.salaryMin ?? row.salaryMax;
  return (
    row.isOpen &&
    row.companyApproved &&
    (row.deadline === null || row.deadline >= c.today) &&
    (c.salaryMin === undefined || (salaryHigh !== null && salaryHigh >= c.salaryMin)) &&
    (c.salaryMax === undefined || (salaryLow !== null && salaryLow <= c.salaryMax)) &&
    (c.currency === undefined || row.currency === c.currency) &&
    (c.company === undefined || row.companyId === c.company)
  );
}

/** The filters with a facet that a row fails, a bit each (`flagBits`); null when a place is not told here (`check`). */
function failingFilters(c: LiveCriteria, row: SearchRow, nowUs: number): number | null {
  let failing = 0;
  if (c.employmentTypes?.length && !(c.employmentTypes as string[]).includes(row.employmentType)) failing |= flagBits.employment_type;
  if (c.experienceLevels?.length && !(c.experienceLevels as string[]).includes(row.experienceLevel)) failing |= flagBits.experience_level;
  if (c.location) {
    const wanted = placeOf(c.location);
    const place = placeOf(row.location);
    if (wanted === null || place === null) return null;
    if (!place.includes(wanted)) failing |= flagBits.location;
  }
  if (c.isRemote !== undefined && row.isRemote !== c.isRemote) failing |= flagBits.is_remote;
  if (c.postedWithinDays !== undefined && row.postedUs < nowUs - c.postedWithinDays * dayUs) failing |= flagBits.posted_within;
  // Any of the picked categories, any of the picked skills (the repository's `&&`).
  if (c.categories?.length && !row.categoryIds.some((id) => c.categories!.includes(id))) failing |= flagBits.category;
  if (c.skills?.length && !row.skillIds.some((id) => c.skills!.includes(id))) failing |= flagBits.skills;
  return failing;
}

/**
 * A test that a job's row, before or after a change, must pass for the change to alter the answer
 * (the search cache does not visit an answer for a change whose rows both fail it, unless its page
 * shows the job): the row is public with the pay, currency and company asked for, and either passes
 * every filter with a facet or is of the sample the counts are made on (then it counts in a facet
 * even when it fails that facet's filter). The words are not tested (the cache's word index does
 * that), nor how long ago it was posted. It passes a row it cannot tell (`check`'s null). Null: any
 * row may alter the answer (one for a corrected text: a job with a word as typed may change the
 * correction).
 */
export function gateOf(live: LiveAnswer): Gate | null {
  const c = live.criteria;
  if (c.typed?.length) return null;
  const every = sampleEvery(live.counts);
  const gate: Gate = (row, jobId) => {
    if (!meetsBase(c, row)) return false;
    if (jobId % every === 0) return true;
    const failing = failingFilters(c, row, -Infinity);
    return failing === null || failing === 0;
  };
  // What the test reads of the answer: its sample and its criteria but for those it leaves alone
  // (the words, order and page; how long ago a job was posted, never tested with `-Infinity`).
  // Answers that differ only in those (most of the 5,000 kept) share one verdict for a change
  // (search-cache.ts `reaching`). A criterion added later parts answers by default: never a wrong
  // verdict, at worst a group less.
  const { text: _text, terms: _terms, typed: _typed, sort: _sort, limit: _limit, offset: _offset, postedWithinDays: _posted, ...read } = c;
  gate.key = JSON.stringify([every, read]);
  return gate;
}

/** A bit for each filter with a facet (`check`'s `failing`). */
const flagBits: Record<FacetFlag | 'category' | 'skills', number> = {
  employment_type: 1,
  experience_level: 2,
  location: 4,
  is_remote: 8,
  posted_within: 16,
  category: 32,
  skills: 64,
};

/** Whether a row passes every active filter but `name`'s (what a facet of `name` counts it by). */
const passesOthers = (how: { failing: number }, name: FacetFlag | 'category' | 'skills') => (how.failing & ~flagBits[name]) === 0;

const keyOf = (id: number, row: SearchRow, rank = 0): SortKey => ({
  id,
  postedUs: row.postedUs,
  salaryKey: row.salaryMax ?? row.salaryMin,
  rank,
});

const newer = (a: Pick<SortKey, 'id' | 'postedUs'>, b: Pick<SortKey, 'id' | 'postedUs'>) =>
  a.postedUs > b.postedUs || (a.postedUs === b.postedUs && a.id > b.id);

/** Whether `a` comes before `b` in the page's order (job-search.repository's ORDER BY). */
export function sortsBefore(c: LiveCriteria, a: SortKey, b: SortKey): boolean {
  if (ranked(c)) return a.rank > b.rank || (a.rank === b.rank && newer(a, b));
  if (c.sort === 'salary' && a.salaryKey !== b.salaryKey) {
    if (a.salaryKey === null) return false;
    if (b.salaryKey === null) return true;
    return a.salaryKey > b.salaryKey;
  }
  return newer(a, b);
}

/** How many answers changes dropped in this process, by why (the benchmark prints them). */
export const dropReasons = new Map<string, number>();
/** Counts an answer dropped by `reason` (for the benchmark): null, what a change not worked out answers. */
export function dropped(reason: string): null {
  dropReasons.set(reason, (dropReasons.get(reason) ?? 0) + 1);
  return null;
}

const leavingThenComing = [-1, 1] as const;

/** A change, as applying it needs it: the job, and its search rows before and after (null: none). */
export interface RowChange {
  jobId: number;
  before: SearchRow | null;
  after: SearchRow | null;
}

/**
 * The text to rank the changed job's new row against, when the answer may need its rank: it is
 * ranked and the job matches it after the change. Null otherwise.
 */
export function rankWanted(live: LiveAnswer, change: RowChange, nowUs = Date.now() * 1000): string | null {
  if (!ranked(live.criteria) || !change.after) return null;
  const after = check(live.criteria, change.after, lexemesOf(change.after), nowUs);
  return after?.matches ? live.criteria.text : null;
}

/** Labels of categories and skills by id (for a value a facet list gains). */
export type LabelOf = (facet: 'category' | 'skills', value: string) => string | undefined;

/** How many locations and skills a facet lists (the most common). */
export const facetLimits = { location: 12, skills: 25 } as const;

/**
 * The answer as a fresh computation would give it after the change, or null when that is not
 * worked out here (then it must be computed again). `rank`: the job's new rank against the
 * answer's text, when `rankWanted` asked for it.
 */
export function applyChange(
  live: LiveAnswer,
  change: RowChange,
  { rank, labelOf, thresholds, nowUs = Date.now() * 1000 }: { rank?: number; labelOf: LabelOf; thresholds: Thresholds; nowUs?: number },
): LiveAnswer | null {
  const c = live.criteria;
  if (c.typed?.length && [change.before, change.after].some((row) => row && c.typed!.some((l) => lexemesOf(row).has(l))))
    return dropped('a word as typed');
  const onPage = live.page.some((k) => k.id === change.jobId);
  const before = change.before ? check(c, change.before, lexemesOf(change.before), nowUs) : undefined;
  const after = change.after ? check(c, change.after, lexemesOf(change.after), nowUs) : undefined;
  if (before === null || after === null) return dropped('a place or phrase not told here');
  const stillMatches = !!before?.matches && !!after?.matches;
  // Copied when first changed: a job outside an estimate's sample changes nothing in it.
  let counts = live.counts;
  let page = live.page;
  let candidates = live.candidates;
  // A candidate that matches before and after (an edit) moves within the candidates: no other match comes or goes.
  const staysCandidate = ranked(c) && stillMatches && candidates!.ids.includes(change.jobId);
  let window = live.window ?? null;
  // An edit that keeps where the job sorts: no job moves on a page not ranked (how it shows is read again).
  const inPlace = stillMatches && sameKey(change.before!, change.after!);
  if (onPage && !ranked(c) && !window && !inPlace) return dropped('a job on a page not ranked');
  // Ranked: the candidates that came, left or moved, old and new places (the page is made again unless all come after it).
  const moved: SortKey[] = [];
  // An edit that leaves where the job counts as it was (every value it counts under, and the
  // filters it fails) leaves the counts as they were: it would leave them (-1) and come back (+1).
  const countsKept = !!before?.base && !!after?.base && before.failing === after.failing && sameCounting(change.before!, change.after!);
  // The job leaving as it was (-1), then coming as it is (+1).
  for (const delta of leavingThenComing) {
    const row = delta < 0 ? change.before : change.after;
    const how = delta < 0 ? before : after;
    if (!row || !how?.base) continue;
    if (!countsKept) {
      if (counts === live.counts && counted(counts, change.jobId, how)) {
        counts = {
          ...counts,
          coarse: { ...counts.coarse },
          fine: counts.fine && { ...counts.fine },
          // The rows themselves are never changed (`countFixed`, `countListed`): one that changes is replaced.
          facets: counts.facets.slice(),
          spares: counts.spares.slice(),
          unlisted: { ...counts.unlisted },
        };
      }
      if (counts !== live.counts && !countRow(counts, c, change.jobId, row, how, delta, labelOf, nowUs)) return dropped('a facet list');
    }
    if (!how.matches) continue;
    if (staysCandidate) {
      if (delta < 0) continue;
      const next = rerank(candidates!, change.jobId, row, rank, moved);
      if (!next) return dropped('a candidate edited');
      candidates = next;
    } else if (ranked(c)) {
      const next = moveCandidate(candidates!, change.jobId, row, delta, rank, moved);
      if (!next) return dropped('a candidate coming or leaving');
      candidates = next;
    } else if (window) {
      if (inPlace) continue;
      const next = windowAfter(c, window, keyOf(change.jobId, row), delta);
      if (!next) return dropped(c.offset > 0 ? 'a later page not ranked' : 'the first page not ranked');
      window = next;
    } else if (!onPage) {
      const next = pageAfter(c, page, keyOf(change.jobId, row), delta);
      if (!next) return dropped(c.offset > 0 ? 'a later page not ranked' : 'the first page not ranked');
      page = next;
    }
  }
  if (window !== (live.window ?? null)) page = windowPage(c, window!, live.page);
  if (candidates !== live.candidates) {
    const last = page.length === c.limit ? page[page.length - 1] : undefined;
    if (!last || !moved.every((key) => sortsBefore(c, last, key))) page = rankedPage(c, candidates!, live.page);
  }
  if (!onPage && counts === live.counts && candidates === live.candidates && page === live.page && window === (live.window ?? null))
    return live;
  if (countingPath(counts, thresholds) !== countingPath(live.counts, thresholds)) return dropped('how it is counted');
  // With words, no match at all is answered otherwise when a word of it is in no public job (a
  // correction may be offered): computed again, unless nothing matched before either and the job
  // keeps, as a public job, every word of the query it had (then every word in a public job before
  // still is, and a correction that was not offered is still not).
  if (c.terms !== null && counts.exact === 0 && !(live.counts.exact === 0 && keepsWords(c, c.terms, change)))
    return dropped('no match left');
  return { criteria: c, page, candidates, counts, window };
}

/**
 * The jobs around a page not ranked after a matching job leaves (-1) or comes (+1), or null when
 * the page is then not known. A job before them all (among jobs not kept) moves them one place,
 * and the page with them; one among them is taken out or put in its place; one after them all
 * changes nothing kept, unless they reach the last match.
 */
function windowAfter(c: LiveCriteria, w: LiveWindow, job: SortKey, delta: -1 | 1): LiveWindow | null {
  const { keys } = w;
  const at = keys.findIndex((k) => k.id === job.id);
  // Whether every match before the page is kept (the first kept stands first).
  const fromFirst = c.offset - w.start === 0;
  // Before every job kept (with none kept, every match stands before where they would).
  const first = keys[0];
  const beforeAll = !first || sortsBefore(c, job, first);
  const last = keys[keys.length - 1];
  const afterAll = !last || sortsBefore(c, last, job);
  if (delta < 0) {
    if (at >= 0) return windowHolding(c, { keys: keys.filter((_, i) => i !== at), start: w.start, toEnd: w.toEnd });
    if (beforeAll && !fromFirst) return windowHolding(c, { keys, start: w.start + 1, toEnd: w.toEnd });
    // After them all and they do not reach the last match: nothing kept changes (else it should have been kept).
    return afterAll && !w.toEnd ? w : null;
  }
  if (at >= 0) return null;
  if (beforeAll && !fromFirst) {
    // The page's first job would then be one not kept.
    if (w.start === 0) return null;
    return windowHolding(c, { keys, start: w.start - 1, toEnd: w.toEnd });
  }
  if (afterAll && keys.length && !w.toEnd) return w;
  let to = keys.findIndex((k) => sortsBefore(c, job, k));
  if (to < 0) to = keys.length;
  return windowHolding(c, { keys: [...keys.slice(0, to), job, ...keys.slice(to)], start: w.start, toEnd: w.toEnd });
}

/** The window kept to its bounds, or null when its page is not known (neither full nor the last). */
function windowHolding(c: LiveCriteria, w: LiveWindow): LiveWindow | null {
  let { keys, start, toEnd } = w;
  if (start > sparePageJobs) {
    keys = keys.slice(start - sparePageJobs);
    start = sparePageJobs;
  }
  const most = start + c.limit + sparePageJobs;
  if (keys.length > most) {
    keys = keys.slice(0, most);
    toEnd = false;
  }
  if (keys.length < start + c.limit && !toEnd) return null;
  return { keys, start, toEnd };
}

/** The page a window shows: the one before when it holds the same jobs in the same places. */
function windowPage(c: LiveCriteria, w: LiveWindow, before: SortKey[]): SortKey[] {
  const page = w.keys.slice(w.start, w.start + c.limit);
  const same =
    page.length === before.length &&
    page.every((k, i) => k.id === before[i]!.id && k.postedUs === before[i]!.postedUs && k.salaryKey === before[i]!.salaryKey);
  return same ? before : page;
}

/** Whether a public job is public after the change and still has every word of the query it had. */
function keepsWords(c: LiveCriteria, terms: Term, change: RowChange): boolean {
  const isPublic = (row: SearchRow | null): row is SearchRow =>
    !!row && row.isOpen && row.companyApproved && (row.deadline === null || row.deadline >= c.today);
  if (!isPublic(change.before)) return true;
  const had = lexemesOf(change.before);
  const has = isPublic(change.after) ? lexemesOf(change.after) : new Set<string>();
  return everyWordOf(terms).every((word) => !had.has(word) || has.has(word));
}

/** Every word a query names, excluded ones too. */
function everyWordOf(term: Term): string[] {
  if (typeof term === 'string') return [term];
  if ('phrase' in term) return term.phrase;
  if ('not' in term) return everyWordOf(term.not);
  return ('and' in term ? term.and : term.or).flatMap(everyWordOf);
}

/** Whether two rows of a job count under the same values of every facet (`countRow`). */
const sameCounting = (a: SearchRow, b: SearchRow) =>
  a.employmentType === b.employmentType &&
  a.experienceLevel === b.experienceLevel &&
  a.isRemote === b.isRemote &&
  a.postedUs === b.postedUs &&
  a.location === b.location &&
  sameIds(a.categoryIds, b.categoryIds) &&
  sameIds(a.skillIds, b.skillIds);
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Whether a job sorts in the same place in every order before and after a change. */
const sameKey = (a: SearchRow, b: SearchRow) => a.postedUs === b.postedUs && (a.salaryMax ?? a.salaryMin) === (b.salaryMax ?? b.salaryMin);

/**
 * A non-ranked page after a matching job leaves (-1) or comes (+1), when that is known here: the
 * same page when the job sorts after it (`pageHolds`); on the first page, a job coming takes its
 * place and pushes the last job to the next page. Null otherwise (a later page would gain a job of
 * the page before it, or lose one to it; a leaving job lets in one of the next page).
 */
function pageAfter(c: LiveCriteria, page: SortKey[], job: SortKey, delta: -1 | 1): SortKey[] | null {
  if (pageHolds(c, page, job, delta)) return page;
  if (delta < 0 || c.offset > 0) return null;
  let at = page.findIndex((k) => sortsBefore(c, job, k));
  if (at < 0) at = page.length;
  return [...page.slice(0, at), job, ...page.slice(at)].slice(0, c.limit);
}

/**
 * The first `count` candidates' places in `sortsBefore`'s relevance order (rank, then newest, then
 * the higher id), read off the columns (no key made per comparison); only the first `take` of that
 * order when fewer are wanted (a page and those before it): they are picked, not every place sorted.
 */
export function relevanceOrder(k: Candidates, count: number, take = count): number[] {
  const { ids, postedUs, ranks } = k;
  const n = Math.min(ids.length, count);
  const before = (a: number, b: number) =>
    ranks[a]! > ranks[b]! || (ranks[a] === ranks[b] && (postedUs[a]! > postedUs[b]! || (postedUs[a] === postedUs[b] && ids[a]! > ids[b]!)));
  if (take >= n) return Array.from({ length: n }, (_, i) => i).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  // The best `take` so far, in order: a place goes in where it belongs, and the last falls off.
  const best: number[] = [];
  if (take <= 0) return best;
  for (let i = 0; i < n; i++) {
    if (best.length === take && !before(i, best[take - 1]!)) continue;
    let at = best.length === take ? take - 1 : best.length;
    while (at > 0 && before(i, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = i;
  }
  return best;
}

/**
 * A relevance page made from its candidates: their slice by rank (best first, then newest), as the
 * page's statement orders them. `known` gives pay keys of jobs it showed (unused by this order).
 */
function rankedPage(c: LiveCriteria, k: Candidates, known: readonly SortKey[]): SortKey[] {
  const order = relevanceOrder(k, rankCandidates, c.offset + c.limit);
  return order.slice(c.offset, c.offset + c.limit).map((i) => {
    const key = candidateAt(k, i);
    return { ...key, salaryKey: known.find((p) => p.id === key.id)?.salaryKey ?? null };
  });
}

/** Whether a row that passes the conditions without a facet counts anywhere in these counts. */
function counted(counts: LiveCounts, id: number, how: NonNullable<ReturnType<typeof check>>): boolean {
  return id % sampleEvery(counts) === 0 || (counts.exact !== null && how.all);
}

/**
 * The jobs that count in the facets (and the samples' counts) whatever their filters: one in the
 * result, those whose id it divides. Every 1-in-128 job counts in the coarse sample, every 1-in-16
 * job when the fine one was read, and the facets are counted on one in `facetEvery` (16 | 128).
 */
function sampleEvery(counts: LiveCounts): number {
  return Math.min(counts.facetEvery, counts.fine !== null ? 16 : 128);
}

/**
 * A non-ranked page after a matching job leaves (-1) or comes (+1): true when it holds the same
 * jobs, that is when the job sorts after the page's last job and the page is full.
 */
function pageHolds(c: LiveCriteria, page: SortKey[], job: SortKey, delta: -1 | 1): boolean {
  // A page that is not full is the last: a job coming to or leaving it (or before it) changes it,
  // except a job leaving when there is no page at all (beyond the last).
  if (page.length < c.limit) return delta < 0 && page.length === 0 && c.offset > 0;
  // Before the page's last job: it enters the page, leaves it, or (before the first) moves it by one.
  return !sortsBefore(c, job, page[page.length - 1]!);
}

/**
 * The kept matches after a matching job leaves (-1) or comes (+1), noting in `moved` the ranked
 * candidates that came or left; null when that is not known: a candidate leaving when no spare is
 * kept lets in the next newest match, which is not known, and a job coming needs its rank.
 */
function moveCandidate(
  k: Candidates,
  id: number,
  row: SearchRow,
  delta: -1 | 1,
  rank: number | undefined,
  moved: SortKey[],
): Candidates | null {
  const n = k.ids.length;
  const at = k.ids.indexOf(id);
  const key = keyOf(id, row);
  // A match that is not kept is older than every one kept (older ones are left out).
  const older = !k.complete && n > 0 && newer(candidateAt(k, n - 1), key);
  if (delta < 0) {
    if (at < 0) return older ? k : null;
    if (at < rankCandidates) {
      moved.push(candidateAt(k, at));
      // The newest spare becomes a candidate; with none kept, the next newest match is not known.
      if (n > rankCandidates) moved.push(candidateAt(k, rankCandidates));
      else if (!k.complete) return null;
    }
    const next = candidateLists(n - 1);
    without(k.ids, next.ids, at);
    without(k.postedUs, next.postedUs, at);
    without(k.ranks, next.ranks, at);
    return { ...next, complete: k.complete };
  }
  if (at >= 0) return null;
  if (older) return k;
  if (rank === undefined) return null;
  // Newest first: among the candidates it pushes the oldest to the spares; the oldest spare leaves a full list.
  let to = 0;
  while (to < n && newer(candidateAt(k, to), key)) to++;
  if (to < rankCandidates) {
    moved.push({ ...key, rank });
    if (n >= rankCandidates) moved.push(candidateAt(k, rankCandidates - 1));
  }
  const size = Math.min(n + 1, rankCandidates + spareCandidates);
  const next = candidateLists(size);
  const put = (from: Int32Array | Float64Array, into: Int32Array | Float64Array, value: number) => {
    into.set(from.subarray(0, to));
    into[to] = value;
    into.set(from.subarray(to, size - 1), to + 1);
  };
  put(k.ids, next.ids, id);
  put(k.postedUs, next.postedUs, row.postedUs);
  put(k.ranks, next.ranks, rank);
  return { ...next, complete: k.complete && size === n + 1 };
}

/**
 * Room for `size` candidates, the three lists in one buffer: a list is made at every change that
 * moves a candidate, and one allocation (outside V8's heap) costs less than three.
 */
function candidateLists(size: number): Omit<Candidates, 'complete'> {
  const buffer = new ArrayBuffer(size * 20);
  return {
    postedUs: new Float64Array(buffer, 0, size),
    ranks: new Float64Array(buffer, size * 8, size),
    ids: new Int32Array(buffer, size * 16, size),
  };
}

/**
 * The ranked candidates after a candidate that still matches changed (an edit), noting its old
 * and new places in `moved`: with the same posting time it keeps its place among the newest, with
 * its new rank. Null when its posting time changed or its new rank is not known.
 */
function rerank(k: Candidates, id: number, row: SearchRow, rank: number | undefined, moved: SortKey[]): Candidates | null {
  const at = k.ids.indexOf(id);
  const old = candidateAt(k, at);
  if (rank === undefined || row.postedUs !== old.postedUs) return null;
  // A spare's rank is kept for when it becomes a candidate; it moves nothing on the page.
  if (at < rankCandidates) moved.push(old, { ...old, rank });
  if (rank === old.rank) return k;
  const ranks = k.ranks.slice();
  ranks[at] = rank;
  return { ...k, ranks };
}

/** Copies `from` but its item `at` into `into` (one shorter). */
function without(from: Int32Array | Float64Array, into: Int32Array | Float64Array, at: number): void {
  into.set(from.subarray(0, at));
  into.set(from.subarray(at + 1), at);
}

/** Counts a row's coming (+1) or leaving (-1) where it counts; false when that is not worked out here. */
function countRow(
  counts: LiveCounts,
  c: LiveCriteria,
  id: number,
  row: SearchRow,
  how: NonNullable<ReturnType<typeof check>>,
  delta: -1 | 1,
  labelOf: LabelOf,
  nowUs: number,
): boolean {
  if (id % 128 === 0) {
    counts.coarse.scanned += delta;
    if (how.all) counts.coarse.total += delta;
  }
  if (counts.fine && id % 16 === 0) {
    counts.fine.scanned += delta;
    if (how.all) counts.fine.total += delta;
  }
  if (counts.exact !== null && how.all) counts.exact += delta;
  if (id % counts.facetEvery !== 0) return true;
  if (passesOthers(how, 'employment_type')) countFixed(counts, 'employment_type', row.employmentType, delta);
  if (passesOthers(how, 'experience_level')) countFixed(counts, 'experience_level', row.experienceLevel, delta);
  if (passesOthers(how, 'is_remote')) countFixed(counts, 'is_remote', String(row.isRemote), delta);
  if (passesOthers(how, 'posted_within'))
    for (const days of [1, 7, 30]) if (row.postedUs >= nowUs - days * dayUs) countFixed(counts, 'posted_within', String(days), delta);
  if (passesOthers(how, 'location') && !countListed(counts, 'location', row.location, delta, row.location)) return false;
  if (passesOthers(how, 'category'))
    for (const categoryId of row.categoryIds) {
      const value = String(categoryId);
      if (!countListed(counts, 'category', value, delta, delta > 0 ? labelOf('category', value) : undefined)) return false;
    }
  if (passesOthers(how, 'skills'))
    for (const skillId of row.skillIds) {
      const value = String(skillId);
      if (!countListed(counts, 'skills', value, delta, delta > 0 ? labelOf('skills', value) : undefined, c.skills)) return false;
    }
  return true;
}

/** The order of a short facet list's values: the most common first, a tie by name in code point order (see `countListed`). */
const byCountThenName = (a: FacetRow, b: FacetRow) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
const surrogates = /[\uD800-\uDFFF]/;

/** A value's count in a facet that lists each of its values (employment type, experience, remote, posted within). */
function countFixed(counts: LiveCounts, facet: FacetRow['facet'], value: string, delta: -1 | 1): void {
  const at = counts.facets.findIndex((f) => f.facet === facet && f.value === value);
  if (at >= 0) counts.facets[at] = { ...counts.facets[at]!, count: counts.facets[at]!.count + delta };
  else counts.facets.push({ facet, value, label: value, count: delta });
}

/**
 * A value's count in a listed facet (values with none are left out). Categories list every value;
 * places and skills only the most common (`facetLimits`), with the next few kept as spares and
 * `unlisted` bounding the rest; picked skills with a job are listed first, whatever their counts
 * (job-search.repository's facet query). False when the values listed are not known after the change.
 */
function countListed(
  counts: LiveCounts,
  facet: 'location' | 'category' | 'skills',
  value: string,
  delta: -1 | 1,
  /** Its label, for a value that comes on (undefined when unknown: then it is not worked out). */
  label: string | undefined,
  /** The skills the search picked (listed whenever they have a job). */
  picked?: readonly number[],
): boolean {
  if (facet === 'category') {
    const at = counts.facets.findIndex((f) => f.facet === facet && f.value === value);
    if (at >= 0) {
      const count = counts.facets[at]!.count + delta;
      if (count === 0) counts.facets.splice(at, 1);
      else counts.facets[at] = { ...counts.facets[at]!, count };
      return true;
    }
    if (delta < 0 || label === undefined) return false;
    counts.facets.push({ facet, value, label, count: 1 });
    return true;
  }
  const pinned = ({ value: v }: { value: string }) => !!picked?.length && picked.includes(Number(v));
  const listed = counts.facets.filter((f) => f.facet === facet);
  const known = [...listed, ...counts.spares.filter((f) => f.facet === facet)];
  let bound = counts.unlisted[facet];
  // The changed value's row is replaced, never changed (rows are shared with the answer before the change).
  const at = known.findIndex((f) => f.value === value);
  const was = known[at];
  let changed: FacetRow | undefined;
  if (was) changed = known[at] = { ...was, count: was.count + delta };
  else if (delta > 0 && (bound === null || pinned({ value }))) {
    // Every value was known, or it is picked (listed whenever it has a job): this one is new.
    if (label === undefined) return false;
    changed = { facet, value, label, count: 1 };
    known.push(changed);
  } else if (delta > 0) bound! += 1;
  // (A value left out that loses a job: the bound still bounds it.)
  const raised = bound !== counts.unlisted[facet];
  const counted = known.filter((f) => f.count > 0);
  // The picked values with a job take their places on the list first; the rest go in the facet
  // statement's order: the most common first, a tie by name in code point order (its "C" collation;
  // a name outside the Basic Multilingual Plane, whose UTF-16 order differs, is not told here).
  const pins = counted.filter(pinned);
  const limit = facetLimits[facet] - pins.length;
  const order = counted.filter((f) => !pinned(f));
  if (limit < 1 || order.some((f) => surrogates.test(f.label))) return false;
  order.sort(byCountThenName);
  const list = order.slice(0, limit);
  const last = list[list.length - 1];
  const first = order[limit];
  // Two values of one name and count across the list's end (the database's choice between them).
  if (last && first && first.count === last.count && first.label === last.label) return false;
  if (bound !== null) {
    // Values left out, with up to `bound` jobs each, could fill the list or come before a value on it:
    // each value on it must come before every one of them, with more jobs, or as many and
    // - when a value left out has just gained one (`raised`: only it may now have `bound` jobs, the
    //   others one fewer at most), a name before its name;
    // - else, in a tie already told: it was on the list, neither it nor a value left out has changed
    //   since, and it came before every value left out then (as the database told it, or as above).
    if (list.length < limit) return false;
    const before = new Set(listed.map((f) => f.value));
    const beforeRisen = (f: FacetRow) => label !== undefined && !surrogates.test(label) && f.label < label;
    if (list.some((f) => f.count < bound! || (f.count === bound && (raised ? !beforeRisen(f) : f === changed || !before.has(f.value)))))
      return false;
  }
  counts.facets = [...counts.facets.filter((f) => f.facet !== facet), ...pins, ...list];
  counts.spares = [...counts.spares.filter((f) => f.facet !== facet), ...order.slice(limit)];
  counts.unlisted[facet] = bound;
  return true;
}
