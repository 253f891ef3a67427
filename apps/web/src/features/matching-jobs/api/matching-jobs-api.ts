import type { MatchingJobList } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/**
 * Jobs that fit the job seeker's profile, with the reasons (server module `matching-jobs`). The job
 * seeker's dashboard shows the first five; they change with the profile, so they carry its tag.
 */
export const matchingJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatchingJobs: build.query<MatchingJobList, void>({
      query: () => ({ url: '/matching-jobs/', params: { page_size: 5 } }),
      providesTags: [{ type: 'JobseekerDashboard', id: 'ME' }],
    }),
  }),
});

export const { useGetMatchingJobsQuery } = matchingJobsApi;
