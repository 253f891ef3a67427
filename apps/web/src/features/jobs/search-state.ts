import type { JobFacets } from '@jobportal/shared';
import {
  employmentTypes,
  experienceLevels,
  isCurrencyCode,
  isEmploymentType,
  isExperienceLevel,
  isJobSort,
  isPostedWithin,
  postedWithinLabels,
  type EmploymentType,
  type ExperienceLevel,
  type JobSort,
  type PostedWithin,
} from '@jobportal/shared/vocabulary';
import { currencyOfLocale, formatAmount } from '../../lib/money';

/**
 * Everything a job search is, kept in the address (inside the hash): `#/?search=python&is_remote=true&page=2`.
 * A search can be shared, bookmarked and restored with the back button. The query keys are the
 * API's own (GET /api/jobs/), lists as repeated keys.
 */
export interface SearchState {
  search: string;
  location: string;
  remote: boolean | null;
  employmentTypes: EmploymentType[];
  experienceLevels: ExperienceLevel[];
  categories: number[];
  skills: number[];
  salaryMin: number | null;
  salaryMax: number | null;
  /** The pay filter's currency (ISO 4217) as picked; null: the reader's own (see payCurrency). */
  currency: string | null;
  postedWithin: PostedWithin | null;
  sort: JobSort;
  page: number;
}

export const emptySearch: SearchState = {
  search: '',
  location: '',
  remote: null,
  employmentTypes: [],
  experienceLevels: [],
  categories: [],
  skills: [],
  salaryMin: null,
  salaryMax: null,
  currency: null,
  postedWithin: null,
  sort: 'relevance',
  page: 1,
};

export const searchPageSize = 20;
const maxAmount = 10_000_000;
const maxPage = 500;
const maxListLength = 20;

function values(params: URLSearchParams, key: string): string[] {
  // Repeated keys, and comma-separated ones as the API also takes them (hand-written links).
  return params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

const unique = <T>(items: T[]) => [...new Set(items)].slice(0, maxListLength);

function ids(params: URLSearchParams, key: string): number[] {
  return unique(
    values(params, key)
      .filter((value) => /^[1-9]\d{0,9}$/.test(value))
      .map(Number)
      .filter((id) => id <= 2_147_483_647),
  );
}

function amount(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (raw === null || !/^\d{1,8}$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value <= maxAmount ? value : null;
}

/** Reads a search from the address; anything unknown or malformed is left out rather than refused. */
export function parseSearchState(params: URLSearchParams): SearchState {
  const page = Number(params.get('page'));
  const remote = params.get('is_remote');
  const sort = params.get('sort');
  const postedWithin = params.get('posted_within');
  const currency = (params.get('currency') ?? '').trim().toUpperCase();
  let salaryMin = amount(params, 'salary_min');
  let salaryMax = amount(params, 'salary_max');
  if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) [salaryMin, salaryMax] = [salaryMax, salaryMin];
  return {
    search: (params.get('search') ?? '').trim().slice(0, 200),
    location: (params.get('location') ?? '').trim().slice(0, 120),
    remote: remote === 'true' ? true : remote === 'false' ? false : null,
    employmentTypes: unique(values(params, 'employment_type').filter(isEmploymentType)),
    experienceLevels: unique(values(params, 'experience_level').filter(isExperienceLevel)),
    categories: ids(params, 'category'),
    skills: ids(params, 'skills'),
    salaryMin,
    salaryMax,
    currency: isCurrencyCode(currency) ? currency : null,
    postedWithin: isPostedWithin(postedWithin) ? postedWithin : null,
    sort: isJobSort(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, maxPage) : 1,
  };
}

/** Writes a search to the address in a fixed order, leaving out what is at its default. */
export function serialiseSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.location.trim()) params.set('location', state.location.trim());
  if (state.remote !== null) params.set('is_remote', String(state.remote));
  // Lists in the vocabulary's order, so the same search always has the same address.
  for (const value of employmentTypes.filter((v) => state.employmentTypes.includes(v))) params.append('employment_type', value);
  for (const value of experienceLevels.filter((v) => state.experienceLevels.includes(v))) params.append('experience_level', value);
  for (const id of state.categories) params.append('category', String(id));
  for (const id of state.skills) params.append('skills', String(id));
  if (state.salaryMin !== null) params.set('salary_min', String(state.salaryMin));
  if (state.salaryMax !== null) params.set('salary_max', String(state.salaryMax));
  if (state.currency !== null) params.set('currency', state.currency);
  if (state.postedWithin !== null) params.set('posted_within', state.postedWithin);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A change of what is searched goes back to the first page; only paging itself keeps a page. */
export function changeSearch(state: SearchState, change: Partial<SearchState>): SearchState {
  return { ...state, page: 1, ...change };
}

/**
 * The currency the pay filter is in: the one picked, else the reader's locale's (a reader in
 * Germany means euros). See docs/decisions/016-money.md.
 */
export function payCurrency(state: SearchState, locale?: string): string {
  return state.currency ?? currencyOfLocale(locale);
}

/** The query of GET /api/jobs/ (lists comma-separated). A pay filter names its currency (the API needs it). */
export function toApiParams(state: SearchState): Record<string, string | number> {
  const params: Record<string, string | number> = { page: state.page, page_size: searchPageSize, sort: state.sort };
  if (state.search.trim()) params.search = state.search.trim();
  if (state.location.trim()) params.location = state.location.trim();
  if (state.remote !== null) params.is_remote = String(state.remote);
  if (state.employmentTypes.length) params.employment_type = state.employmentTypes.join(',');
  if (state.experienceLevels.length) params.experience_level = state.experienceLevels.join(',');
  if (state.categories.length) params.category = state.categories.join(',');
  if (state.skills.length) params.skills = state.skills.join(',');
  if (state.salaryMin !== null) params.salary_min = state.salaryMin;
  if (state.salaryMax !== null) params.salary_max = state.salaryMax;
  if (state.salaryMin !== null || state.salaryMax !== null) params.currency = payCurrency(state);
  if (state.postedWithin !== null) params.posted_within = state.postedWithin;
  return params;
}

/** The search as a job alert keeps it: the API's query without paging; `corrected` (the search's spelling) replaces the words. */
export function alertCriteriaOf(state: SearchState, corrected?: string | null): Record<string, string> {
  const { page: _page, page_size: _size, sort, ...rest } = toApiParams(state);
  const criteria = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)]));
  if (corrected) criteria.search = corrected;
  if (sort !== 'relevance') criteria.sort = String(sort);
  return criteria;
}

export interface FilterChip {
  key: string;
  label: string;
  /** The search without this filter (and back on page 1). */
  without: SearchState;
}

function facetLabel(values: JobFacets['category'] | undefined, id: number, fallback: string): string {
  return values?.find((value) => value.value === String(id))?.label ?? fallback;
}

/**
 * The active filters as removable chips. Category and skill names come from the facets of the
 * last answer (which always list the picked ones).
 */
export function activeFilterChips(state: SearchState, facets?: JobFacets): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, change: Partial<SearchState>) =>
    chips.push({ key, label, without: changeSearch(state, change) });

  if (state.location) add('location', `In ${state.location}`, { location: '' });
  if (state.remote !== null) add('is_remote', state.remote ? 'Remote' : 'On-site', { remote: null });
  for (const type of state.employmentTypes) {
    add(`employment_type:${type}`, type, { employmentTypes: state.employmentTypes.filter((t) => t !== type) });
  }
  for (const level of state.experienceLevels) {
    add(`experience_level:${level}`, level, { experienceLevels: state.experienceLevels.filter((l) => l !== level) });
  }
  for (const id of state.categories) {
    add(`category:${id}`, facetLabel(facets?.category, id, 'A category'), { categories: state.categories.filter((c) => c !== id) });
  }
  for (const id of state.skills) {
    add(`skills:${id}`, facetLabel(facets?.skills, id, 'A skill'), { skills: state.skills.filter((s) => s !== id) });
  }
  const money = (amount: number) => formatAmount(amount, payCurrency(state));
  if (state.salaryMin !== null) add('salary_min', `Pay from ${money(state.salaryMin)}`, { salaryMin: null });
  if (state.salaryMax !== null) add('salary_max', `Pay up to ${money(state.salaryMax)}`, { salaryMax: null });
  if (state.postedWithin !== null) add('posted_within', postedWithinLabels[state.postedWithin], { postedWithin: null });
  return chips;
}

/** The search with every filter removed (the words, the sort and the pay boxes' currency stay). */
export function withoutFilters(state: SearchState): SearchState {
  return { ...emptySearch, search: state.search, sort: state.sort, currency: state.currency };
}
