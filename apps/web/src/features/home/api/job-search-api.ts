import type { JobSearchResult } from '@jobportal/shared';
import { catalogueApi } from '../../../lib/api/tags';
import { toApiParams, type SearchState } from '../search-state';

/** The public job search (GET /api/jobs/): words, filters, facets, sort and paging. */
export const jobSearchApi = catalogueApi.injectEndpoints({
  endpoints: (build) => ({
    searchJobs: build.query<JobSearchResult, SearchState>({
      query: (state) => ({ url: '/jobs/', params: toApiParams(state) }),
      providesTags: [{ type: 'Job', id: 'SEARCH' }],
      // Back from a job to the results: the answer is still here.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useSearchJobsQuery } = jobSearchApi;
