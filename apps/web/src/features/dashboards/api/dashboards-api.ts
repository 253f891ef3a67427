import type { EmployerDashboard, JobseekerDashboard } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/** The two dashboards' summaries (server module `dashboards`). */
export const dashboardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobseekerDashboard: build.query<JobseekerDashboard, void>({
      query: () => '/dashboard/jobseeker/',
      providesTags: [{ type: 'JobseekerDashboard', id: 'ME' }],
    }),
    getEmployerDashboard: build.query<EmployerDashboard, void>({
      query: () => '/dashboard/employer/',
      providesTags: [{ type: 'EmployerDashboard', id: 'ME' }],
    }),
  }),
});

export const { useGetJobseekerDashboardQuery, useGetEmployerDashboardQuery } = dashboardsApi;
