import type { EmployerJob, JobInput, JobOut, JobPatch, JobSearchResult, JobStatus, Paginated } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

export interface OwnJobsArgs {
  page?: number;
  page_size?: number;
  status?: JobStatus;
  search?: string;
}

/** What changes when a job is written: its page, the owner's list, the search, and the company's open-job count. */
const jobWriteTags = (id?: number) => [
  ...(id === undefined ? [] : [{ type: 'Job' as const, id }]),
  { type: 'Job' as const, id: 'MINE' },
  { type: 'Job' as const, id: 'SEARCH' },
  { type: 'Company' as const, id: 'MINE' },
  { type: 'Company' as const, id: 'LIST' },
];

/** PUT, PATCH or DELETE /api/jobs/{id}/: the same address and the same tags to refresh (the search, the job, the owner's lists). */
const writeJob = (method: 'PUT' | 'PATCH' | 'DELETE') => ({
  query: ({ id, body }: { id: number; body?: JobInput | JobPatch }) => ({ url: `/jobs/${id}/`, method, body }),
  invalidatesTags: (_reply: unknown, error: unknown, { id }: { id: number }) => (error ? [] : jobWriteTags(id)),
});

/**
 * Jobs (server module `jobs`): the public search, one job (anyone, for public jobs; its owner and
 * admins always), and the employer's own jobs and writes.
 */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The public job search (GET /api/jobs/): words, filters, facets, sort and paging, as the API's
     * query parameters (the search screen turns its state into them: `toApiParams`).
     */
    searchJobs: build.query<JobSearchResult, Record<string, string | number>>({
      query: (params) => ({ url: '/jobs/', params }),
      providesTags: [{ type: 'Job', id: 'SEARCH' }],
      // Back from a job to the results: the answer is still here.
      keepUnusedDataFor: 300,
    }),
    getJob: build.query<JobOut, number>({
      query: (id) => `/jobs/${id}/`,
      providesTags: (_job, _error, id) => [{ type: 'Job', id }],
    }),
    /** The employer's own jobs: job management lists them, the dashboard counts them. */
    listOwnJobs: build.query<Paginated<EmployerJob>, OwnJobsArgs>({
      query: ({ page = 1, page_size = 20, status, search }) => ({
        url: '/jobs/mine/',
        params: { page, page_size, ...(status ? { status } : {}), ...(search ? { search } : {}) },
      }),
      providesTags: (reply) => [
        { type: 'Job', id: 'MINE' },
        ...(reply?.results ?? []).map((job) => ({ type: 'Job' as const, id: job.id })),
      ],
    }),
    createJob: build.mutation<JobOut, JobInput>({
      query: (body) => ({ url: '/jobs/', method: 'POST', body }),
      invalidatesTags: (_job, error) => (error ? [] : jobWriteTags()),
    }),
    replaceJob: build.mutation<JobOut, { id: number; body: JobInput }>(writeJob('PUT')),
    patchJob: build.mutation<JobOut, { id: number; body: JobPatch }>(writeJob('PATCH')),
    deleteJob: build.mutation<void, { id: number }>(writeJob('DELETE')),
  }),
});

export const {
  useSearchJobsQuery,
  useGetJobQuery,
  useListOwnJobsQuery,
  useCreateJobMutation,
  useReplaceJobMutation,
  usePatchJobMutation,
  useDeleteJobMutation,
} = jobsApi;
