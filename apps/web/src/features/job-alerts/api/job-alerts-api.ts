import type {
  AlertCriteria,
  AlertFrequency,
  JobAlertList,
  JobAlertManaged,
  JobAlertMatch,
  JobAlertOut,
  Paginated,
} from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

export interface AlertFields {
  name?: string;
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  in_app?: boolean;
  email?: boolean;
}
export type AlertChange = Partial<AlertFields> & { paused?: boolean };

/** Job alerts (server module `job-alerts`): a job seeker's saved searches, and a visitor's by their e-mails' links. */
export const jobAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobAlerts: build.query<JobAlertList, void>({
      query: () => ({ url: '/job-alerts/', params: { page_size: 20 } }),
      providesTags: [{ type: 'JobAlert', id: 'LIST' }],
    }),
    createJobAlert: build.mutation<JobAlertOut, AlertFields>({
      query: (body) => ({ url: '/job-alerts/', method: 'POST', body }),
      invalidatesTags: [{ type: 'JobAlert', id: 'LIST' }],
    }),
    updateJobAlert: build.mutation<JobAlertOut, { id: number; change: AlertChange }>({
      query: ({ id, change }) => ({ url: `/job-alerts/${id}/`, method: 'PATCH', body: change }),
      invalidatesTags: [{ type: 'JobAlert', id: 'LIST' }],
    }),
    deleteJobAlert: build.mutation<null, number>({
      query: (id) => ({ url: `/job-alerts/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'JobAlert', id: 'LIST' }],
    }),
    getAlertMatches: build.query<Paginated<JobAlertMatch>, { id: number; page: number }>({
      query: ({ id, page }) => ({ url: `/job-alerts/${id}/matches/`, params: { page, page_size: 20 } }),
      providesTags: (_r, _e, { id }) => [{ type: 'JobAlert', id }],
      // Opening the matches marks them seen and reads the alert's notice.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(api.util.invalidateTags([{ type: 'JobAlert', id: 'LIST' }, 'Notifications', 'JobseekerDashboard']));
      },
    }),
    subscribeJobAlert: build.mutation<
      { detail: string; email: string },
      Omit<AlertFields, 'email' | 'in_app'> & { email: string; time_zone?: string }
    >({
      query: (body) => ({ url: '/job-alerts/subscribe/', method: 'POST', body }),
    }),
    confirmJobAlert: build.mutation<{ alert: JobAlertManaged; token: string }, string>({
      query: (token) => ({ url: '/job-alerts/confirm/', method: 'POST', body: { token } }),
    }),
    getManagedAlert: build.query<JobAlertManaged, string>({
      query: (token) => ({ url: '/job-alerts/manage/', method: 'POST', body: { token } }),
    }),
    updateManagedAlert: build.mutation<JobAlertManaged, { token: string; change: Omit<AlertChange, 'in_app'> }>({
      query: ({ token, change }) => ({ url: '/job-alerts/manage/', method: 'PATCH', body: { token, ...change } }),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(jobAlertsApi.util.upsertQueryData('getManagedAlert', token, data));
      },
    }),
    unsubscribeJobAlert: build.mutation<{ detail: string; removed: boolean }, string>({
      query: (token) => ({ url: '/job-alerts/unsubscribe/', method: 'POST', body: { token } }),
    }),
  }),
});

export const {
  useGetJobAlertsQuery,
  useCreateJobAlertMutation,
  useUpdateJobAlertMutation,
  useDeleteJobAlertMutation,
  useGetAlertMatchesQuery,
  useSubscribeJobAlertMutation,
  useConfirmJobAlertMutation,
  useGetManagedAlertQuery,
  useUpdateManagedAlertMutation,
  useUnsubscribeJobAlertMutation,
} = jobAlertsApi;
