import type { JobFacets } from '@jobportal/shared';
import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  changeSearch,
  emptySearch,
  parseSearchState,
  payCurrency,
  serialiseSearchState,
  toApiParams,
  withoutFilters,
  type SearchState,
} from './search-state';

const full: SearchState = {
  search: 'python developer',
  location: 'Berlin',
  remote: true,
  employmentTypes: ['Full-time', 'Contract'],
  experienceLevels: ['Senior level'],
  categories: [1, 10],
  skills: [14, 1],
  salaryMin: 60000,
  salaryMax: 90000,
  currency: 'EUR',
  postedWithin: '7',
  sort: 'newest',
  page: 3,
};

const facets: JobFacets = {
  employment_type: [],
  experience_level: [],
  category: [
    { value: '1', label: 'Engineering', count: 8 },
    { value: '10', label: 'Operations', count: 0 },
  ],
  skills: [
    { value: '1', label: 'Python', count: 10 },
    { value: '14', label: 'SQL', count: 6 },
  ],
  location: [],
  is_remote: [],
  posted_within: [],
};

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe('search state in the address', () => {
  it('survives a round trip through the query string', () => {
    const query = serialiseSearchState(full).toString();
    expect(parse(query)).toEqual(full);
    // And the address of a parsed search is the address it came from.
    expect(serialiseSearchState(parse(query)).toString()).toBe(query);
  });

  it('writes the API’s own keys, lists as repeated keys in a fixed order, defaults left out', () => {
    expect(serialiseSearchState(full).toString()).toBe(
      'search=python+developer&location=Berlin&is_remote=true&employment_type=Full-time&employment_type=Contract' +
        '&experience_level=Senior+level&category=1&category=10&skills=14&skills=1&salary_min=60000&salary_max=90000' +
        '&currency=EUR&posted_within=7&sort=newest&page=3',
    );
    expect(serialiseSearchState(emptySearch).toString()).toBe('');
    expect(serialiseSearchState({ ...emptySearch, search: 'go', sort: 'relevance', page: 1 }).toString()).toBe('search=go');
  });

  it('orders list values the same way whatever order they were picked in', () => {
    const a = serialiseSearchState({ ...emptySearch, employmentTypes: ['Contract', 'Full-time'] }).toString();
    const b = serialiseSearchState({ ...emptySearch, employmentTypes: ['Full-time', 'Contract'] }).toString();
    expect(a).toBe(b);
  });

  it('reads an empty address as the empty search', () => {
    expect(parse('')).toEqual(emptySearch);
  });

  it('also reads comma-separated lists, as hand-written links may have them', () => {
    expect(parse('employment_type=Full-time,Part-time&skills=1,2').employmentTypes).toEqual(['Full-time', 'Part-time']);
    expect(parse('skills=1,2').skills).toEqual([1, 2]);
  });

  it('leaves out what it does not understand instead of failing', () => {
    const state = parse(
      'employment_type=Astronaut&experience_level=Senior+level&category=abc&category=0&skills=-1&skills=3' +
        '&salary_min=lots&salary_max=1e9&currency=EURO&posted_within=365&sort=random&page=-2&is_remote=maybe&unknown=1',
    );
    expect(state).toEqual({ ...emptySearch, experienceLevels: ['Senior level'], skills: [3] });
  });

  it('drops repeated values, and swaps a reversed salary range', () => {
    const state = parse('skills=3&skills=3&salary_min=90000&salary_max=60000');
    expect(state.skills).toEqual([3]);
    expect([state.salaryMin, state.salaryMax]).toEqual([60000, 90000]);
  });

  it('reads a known currency whatever its case, and leaves out an unknown one', () => {
    expect(parse('currency=gbp').currency).toBe('GBP');
    expect(parse('currency=ABC').currency).toBeNull();
    expect(parse('currency=').currency).toBeNull();
  });

  it('puts the pay filter in the picked currency, else the reader’s locale’s', () => {
    expect(payCurrency({ ...emptySearch, currency: 'JPY' }, 'de-DE')).toBe('JPY');
    expect(payCurrency(emptySearch, 'de-DE')).toBe('EUR');
    expect(payCurrency(emptySearch, 'en-GB')).toBe('GBP');
  });

  it('goes back to page 1 when the search changes, but not when paging', () => {
    expect(changeSearch(full, { sort: 'salary' }).page).toBe(1);
    expect(changeSearch(full, { page: 4 }).page).toBe(4);
  });

  it('asks the API with comma-separated lists', () => {
    expect(toApiParams(full)).toEqual({
      page: 3,
      page_size: 20,
      sort: 'newest',
      search: 'python developer',
      location: 'Berlin',
      is_remote: 'true',
      employment_type: 'Full-time,Contract',
      experience_level: 'Senior level',
      category: '1,10',
      skills: '14,1',
      salary_min: 60000,
      salary_max: 90000,
      currency: 'EUR',
      posted_within: '7',
    });
    expect(toApiParams(emptySearch)).toEqual({ page: 1, page_size: 20, sort: 'relevance' });
    // A picked currency without a pay range filters nothing; a pay range always names its currency.
    expect(toApiParams({ ...emptySearch, currency: 'GBP' })).toEqual({ page: 1, page_size: 20, sort: 'relevance' });
    expect(toApiParams({ ...emptySearch, salaryMax: 50_000 }).currency).toMatch(/^[A-Z]{3}$/);
  });
});

describe('active filter chips', () => {
  it('lists every active filter, naming categories and skills from the facets', () => {
    const labels = activeFilterChips(full, facets).map((chip) => chip.label);
    expect(labels).toEqual([
      'In Berlin',
      'Remote',
      'Full-time',
      'Contract',
      'Senior level',
      'Engineering',
      'Operations',
      'SQL',
      'Python',
      expect.stringMatching(/^Pay from (€60.000|60.000\s€)$/),
      expect.stringMatching(/^Pay up to (€90.000|90.000\s€)$/),
      'Past week',
    ]);
  });

  it('has no chip for the words, the sort or the page', () => {
    expect(activeFilterChips({ ...emptySearch, search: 'rust', sort: 'salary', page: 2 })).toEqual([]);
  });

  it('removes exactly its own filter, back on page 1, and the address follows', () => {
    const chips = activeFilterChips(full, facets);
    const contract = chips.find((chip) => chip.label === 'Contract');
    expect(contract?.without).toEqual({ ...full, employmentTypes: ['Full-time'], page: 1 });
    const sql = chips.find((chip) => chip.label === 'SQL');
    expect(serialiseSearchState(sql!.without).getAll('skills')).toEqual(['1']);
    const remote = chips.find((chip) => chip.key === 'is_remote');
    expect(serialiseSearchState(remote!.without).has('is_remote')).toBe(false);
    // Removing every chip one after the other leaves the words, the sort and the pay boxes' currency only.
    let state = full;
    for (;;) {
      const [first] = activeFilterChips(state, facets);
      if (!first) break;
      state = first.without;
    }
    expect(state).toEqual(withoutFilters(full));
    expect(state).toEqual({ ...emptySearch, search: 'python developer', sort: 'newest', currency: 'EUR' });
  });

  it('still shows a chip before the names have arrived', () => {
    expect(activeFilterChips({ ...emptySearch, skills: [5] }).map((chip) => chip.label)).toEqual(['A skill']);
  });
});
