import {
  employmentTypes,
  experienceLevels,
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
import { findTaxonomyNames } from '../taxonomy/taxonomy.repository';
import { presentJobSummary } from './jobs.presenter';
import * as repo from './job-search.repository';
import type { FacetRow, SearchCriteria } from './job-search.repository';

const facetLimits = { location: 12, skills: 25 };
const postedWithinLabels: Record<string, string> = { '1': 'Past 24 hours', '7': 'Past week', '30': 'Past month' };

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

export function createJobSearchService({ db }: { db: Db }) {
  /**
   * Corrects each word that matches no public job to the nearest known word (trigram neighbours
   * from search_words, then the fewest edits). Answers the corrected text, or null when no word changed.
   */
  async function correctSpelling(text: string, today: string): Promise<string | null> {
    const matches = [...text.matchAll(wordPattern)].filter((m) => m[0].length >= minCorrectableLength && m[0].toLowerCase() !== 'or');
    const words = [...new Set(matches.map((m) => m[0].toLowerCase()))];
    const unmatched = await repo.findUnmatchedWords(db, words, today);
    const corrections = new Map<string, string>();
    for (const word of unmatched) {
      const candidates = (await repo.findSimilarWords(db, word, today))
        .filter((c) => c.matchesPublicJob && c.word !== word)
        .map((c) => ({ ...c, edits: editDistance(word, c.word) }))
        .filter((c) => c.edits <= allowedEdits(word.length))
        .sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || a.word.localeCompare(b.word));
      if (candidates[0]) corrections.set(word, candidates[0].word);
    }
    if (!corrections.size) return null;
    let corrected = '';
    let from = 0;
    for (const m of matches) {
      const replacement = corrections.get(m[0].toLowerCase());
      if (!replacement) continue;
      corrected += text.slice(from, m.index) + replacement;
      from = m.index + m[0].length;
    }
    return corrected + text.slice(from);
  }

  async function buildFacets(q: JobSearchQuery, rows: FacetRow[]): Promise<JobFacets> {
    const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet);
    const countOf = (facet: FacetRow['facet'], value: string) => of(facet).find((r) => r.value === value)?.count ?? 0;
    const fixed = (facet: FacetRow['facet'], values: readonly string[], label: (v: string) => string): FacetValue[] =>
      values.map((value) => ({ value, label: label(value), count: countOf(facet, value) }));
    const listed = (facet: FacetRow['facet']): FacetValue[] =>
      of(facet)
        .map(({ value, label, count }) => ({ value, label, count }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));

    // A picked category or skill that no longer matches anything still shows, with 0, so it can be unpicked.
    async function withPicked(facet: 'category' | 'skills', picked: number[] | undefined): Promise<FacetValue[]> {
      const values = listed(facet);
      const missing = (picked ?? []).filter((id) => !values.some((v) => v.value === String(id)));
      if (missing.length) {
        const names = await findTaxonomyNames(db, facet === 'category' ? 'category' : 'skill', missing);
        for (const id of missing) if (names.has(id)) values.push({ value: String(id), label: names.get(id)!, count: 0 });
      }
      return values;
    }

    return {
      employment_type: fixed('employment_type', employmentTypes, (v) => v),
      experience_level: fixed('experience_level', experienceLevels, (v) => v),
      category: await withPicked('category', q.category),
      skills: await withPicked('skills', q.skills),
      location: listed('location'),
      is_remote: fixed('is_remote', ['true', 'false'], (v) => (v === 'true' ? 'Remote' : 'On-site')),
      posted_within: fixed('posted_within', ['1', '7', '30'], (v) => postedWithinLabels[v]!),
    };
  }

  async function run(q: JobSearchQuery, text: string | null, today: string) {
    const criteria = toCriteria(q, text, today);
    const [page, counted] = await Promise.all([repo.findJobPage(db, criteria), repo.countJobFacets(db, criteria, facetLimits)]);
    return { page, counted };
  }

  return {
    /** Public job search: words (typos corrected when they match nothing), filters, facets, sort and paging. */
    async search(q: JobSearchQuery, toPage: (results: JobSummary[], count: number) => Paginated<JobSummary>): Promise<JobSearchResult> {
      const today = utcToday();
      let text = normalizeSearchText(q.search);
      let correctedSearch: string | null = null;
      let { page, counted } = await run(q, text, today);
      if (counted.total === 0 && text) {
        // Nothing matched: the text may be only stop words (then search without it) or have misspelt words.
        const hasTerms = await repo.hasSearchTerms(db, text);
        const corrected = hasTerms ? await correctSpelling(text, today) : null;
        if (!hasTerms || corrected !== null) {
          text = corrected;
          correctedSearch = corrected;
          ({ page, counted } = await run(q, text, today));
        }
      }
      return {
        ...toPage(page.map(presentJobSummary), counted.total),
        count_is_estimate: false,
        facets: await buildFacets(q, counted.facets),
        corrected_search: correctedSearch,
      };
    },
  };
}
export type JobSearchService = ReturnType<typeof createJobSearchService>;
