import type {
  CreateFeedbackRequest,
  FeedbackList,
  FeedbackOut,
  InterviewList,
  InterviewOut,
  InterviewsQuery,
  ScheduleInterviewRequest,
  UpdateFeedbackRequest,
  UpdateInterviewRequest,
} from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

const list = { type: 'Interview', id: 'LIST' } as const;
/** An interview change moves the application, so the applicant lists and dashboards change too. */
const afterInterviewChange = [
  list,
  { type: 'Application', id: 'MINE' },
  'Applicants',
  { type: 'JobseekerDashboard', id: 'ME' },
  { type: 'EmployerDashboard', id: 'ME' },
  'Notifications',
] as const;

/**
 * Interviews and their feedback, from both sides (server module `interviews`). Tags: 'Interview'
 * (an id, 'LIST'), 'Feedback' ('LIST'); a change also refreshes applications and dashboards.
 */
export const interviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInterviews: build.query<InterviewList, InterviewsQuery>({
      query: (params) => ({ url: '/interview-schedules/', params: { page_size: 100, ...params } }),
      providesTags: (data) => [list, ...(data?.results.map((i) => ({ type: 'Interview' as const, id: i.id })) ?? [])],
    }),
    getInterview: build.query<InterviewOut, number>({
      query: (id) => `/interview-schedules/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Interview', id }],
    }),
    scheduleInterview: build.mutation<InterviewOut, ScheduleInterviewRequest>({
      query: (body) => ({ url: '/schedule-interview/', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [...afterInterviewChange]),
    }),
    updateInterview: build.mutation<InterviewOut, { id: number } & UpdateInterviewRequest>({
      query: ({ id, ...body }) => ({ url: `/update-interview/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [...afterInterviewChange, { type: 'Interview', id }]),
    }),
    chooseInterviewTime: build.mutation<InterviewOut, { id: number; scheduled_time: string }>({
      query: ({ id, scheduled_time }) => ({ url: `/interview-schedules/${id}/choose/`, method: 'POST', body: { scheduled_time } }),
      // A 409 means someone (another tab) picked already: show what stands now.
      invalidatesTags: (_r, _error, { id }) => [...afterInterviewChange, { type: 'Interview', id }],
    }),
    confirmInterview: build.mutation<InterviewOut, number>({
      query: (id) => ({ url: `/interview-schedules/${id}/confirm/`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [list, { type: 'Interview', id }]),
    }),
    getFeedbacks: build.query<FeedbackList, { interview?: number }>({
      query: ({ interview }) => ({ url: '/interview-feedbacks/', params: { page_size: 100, ...(interview ? { interview } : {}) } }),
      providesTags: [{ type: 'Feedback', id: 'LIST' }],
    }),
    createFeedback: build.mutation<FeedbackOut, CreateFeedbackRequest>({
      query: (body) => ({ url: '/interview-feedbacks/', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Feedback', id: 'LIST' }, ...afterInterviewChange]),
    }),
    updateFeedback: build.mutation<FeedbackOut, { id: number } & UpdateFeedbackRequest>({
      query: ({ id, ...body }) => ({ url: `/interview-feedbacks/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_r, error) =>
        error
          ? []
          : [
              { type: 'Feedback', id: 'LIST' },
              { type: 'Profile', id: 'ME' },
            ],
    }),
  }),
});

export const {
  useGetInterviewsQuery,
  useGetInterviewQuery,
  useScheduleInterviewMutation,
  useUpdateInterviewMutation,
  useChooseInterviewTimeMutation,
  useConfirmInterviewMutation,
  useGetFeedbacksQuery,
  useCreateFeedbackMutation,
  useUpdateFeedbackMutation,
} = interviewsApi;
