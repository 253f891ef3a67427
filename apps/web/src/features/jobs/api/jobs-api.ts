import type { JobInput, JobOut, JobPatch } from '@jobportal/shared';
import { catalogueApi, jobWriteTags } from '../../../lib/api/tags';

/** One job (anyone, for public jobs; its owner and admins always) and the owner's writes. */
export const jobsApi = catalogueApi.injectEndpoints({
  endpoints: (build) => ({
    getJob: build.query<JobOut, number>({
      query: (id) => `/jobs/${id}/`,
      providesTags: (_job, _error, id) => [{ type: 'Job', id }],
    }),
    createJob: build.mutation<JobOut, JobInput>({
      query: (body) => ({ url: '/jobs/', method: 'POST', body }),
      invalidatesTags: (_job, error) => (error ? [] : [...jobWriteTags()]),
    }),
    replaceJob: build.mutation<JobOut, { id: number; body: JobInput }>({
      query: ({ id, body }) => ({ url: `/jobs/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_job, error, { id }) => (error ? [] : [...jobWriteTags(id)]),
    }),
    patchJob: build.mutation<JobOut, { id: number; body: JobPatch }>({
      query: ({ id, body }) => ({ url: `/jobs/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_job, error, { id }) => (error ? [] : [...jobWriteTags(id)]),
    }),
    deleteJob: build.mutation<void, number>({
      query: (id) => ({ url: `/jobs/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_reply, error, id) => (error ? [] : [...jobWriteTags(id)]),
    }),
  }),
});

export const { useGetJobQuery, useCreateJobMutation, useReplaceJobMutation, usePatchJobMutation, useDeleteJobMutation } = jobsApi;
