import type { Paginated, SavedJobOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/**
 * The job seeker's saved jobs (server module `saved-jobs`). The tag 'SavedJob' ('IDS', 'LIST') is
 * read by the search, the job page, the applications screen and the dashboard.
 */
export const savedJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSavedJobIds: build.query<number[], void>({
      query: () => '/saved-jobs/ids/',
      providesTags: [{ type: 'SavedJob', id: 'IDS' }],
    }),
    getSavedJobs: build.query<Paginated<SavedJobOut>, { page: number }>({
      query: ({ page }) => ({ url: '/saved-jobs/', params: { page, page_size: 20 } }),
      providesTags: [{ type: 'SavedJob', id: 'LIST' }],
    }),
    saveJob: build.mutation<SavedJobOut, number>({
      query: (job) => ({ url: '/saved-jobs/', method: 'POST', body: { job } }),
      async onQueryStarted(jobId, { dispatch, queryFulfilled }) {
        // The bookmark turns at once; it turns back if the call fails.
        const patch = dispatch(
          savedJobsApi.util.updateQueryData('getSavedJobIds', undefined, (ids) => (ids.includes(jobId) ? ids : [...ids, jobId])),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [
        { type: 'SavedJob', id: 'IDS' },
        { type: 'SavedJob', id: 'LIST' },
        { type: 'JobseekerDashboard', id: 'ME' },
      ],
    }),
    /**
     * Unsave by job id. DELETE /api/saved-jobs/{id}/ takes the saved job's id, which the ids list
     * does not give; POST answers with the existing saved job (200) when it is saved already, so
     * that finds the id without loading the whole list.
     */
    unsaveJob: build.mutation<null, { jobId: number; savedId?: number }>({
      async queryFn({ jobId, savedId }, _api, _extra, baseQuery) {
        let id = savedId;
        if (id === undefined) {
          const found = await baseQuery({ url: '/saved-jobs/', method: 'POST', body: { job: jobId } });
          if (found.error) return { error: found.error };
          id = (found.data as SavedJobOut).id;
        }
        const removed = await baseQuery({ url: `/saved-jobs/${id}/`, method: 'DELETE' });
        return removed.error ? { error: removed.error } : { data: null };
      },
      async onQueryStarted({ jobId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(savedJobsApi.util.updateQueryData('getSavedJobIds', undefined, (ids) => ids.filter((id) => id !== jobId)));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [
        { type: 'SavedJob', id: 'IDS' },
        { type: 'SavedJob', id: 'LIST' },
        { type: 'JobseekerDashboard', id: 'ME' },
      ],
    }),
  }),
});

export const { useGetSavedJobIdsQuery, useGetSavedJobsQuery, useSaveJobMutation, useUnsaveJobMutation } = savedJobsApi;
