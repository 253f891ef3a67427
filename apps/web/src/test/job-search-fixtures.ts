import type { JobSearchResult } from '@jobportal/shared';

/** A search answer's facets when nothing matched. */
export const emptyFacets: JobSearchResult['facets'] = {
  employment_type: [],
  experience_level: [],
  category: [],
  skills: [],
  location: [],
  is_remote: [],
  posted_within: [],
};

/** A search answer with these results (none by default). */
export const searchAnswer = (results: JobSearchResult['results'] = []): JobSearchResult => ({
  results,
  count: results.length,
  count_is_estimate: false,
  next: null,
  previous: null,
  facets: emptyFacets,
  corrected_search: null,
});
