import type { EmployerJob, JobStatus, Paginated } from '@jobportal/shared';
import { catalogueApi } from '../api/tags';

export interface OwnJobsArgs {
  page?: number;
  page_size?: number;
  status?: JobStatus;
  search?: string;
}

/** The employer's own jobs: job management lists them, the dashboard counts them. */
export const ownJobsApi = catalogueApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useListOwnJobsQuery } = ownJobsApi;
