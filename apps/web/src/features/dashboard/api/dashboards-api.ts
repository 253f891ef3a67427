import { api } from '../../../lib/api/api-slice';
import type { EmployerDashboard, JobseekerDashboard, MatchingJobList } from '@jobportal/shared';

export const dashboardsApi = api.enhanceEndpoints({ addTagTypes: ['JobseekerDashboard', 'EmployerDashboard', 'Profile'] }).injectEndpoints({
  endpoints: (build) => ({
    getJobseekerDashboard: build.query<JobseekerDashboard, void>({
      query: () => '/dashboard/jobseeker/',
      providesTags: [{ type: 'JobseekerDashboard', id: 'ME' }],
    }),
    getMatchingJobs: build.query<MatchingJobList, void>({
      query: () => ({ url: '/matching-jobs/', params: { page_size: 5 } }),
      providesTags: [{ type: 'JobseekerDashboard', id: 'ME' }],
    }),
    getEmployerDashboard: build.query<EmployerDashboard, void>({
      query: () => '/dashboard/employer/',
      providesTags: [{ type: 'EmployerDashboard', id: 'ME' }],
    }),
  }),
});

export const { useGetJobseekerDashboardQuery, useGetMatchingJobsQuery, useGetEmployerDashboardQuery } = dashboardsApi;
