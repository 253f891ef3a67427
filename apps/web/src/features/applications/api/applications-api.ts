import type {
  ApplicantBoard,
  ApplicantList,
  ApplicantOut,
  ApplicationOut,
  ApplicationStatus,
  ApplicationStatusCheck,
  Paginated,
} from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';
import { placeMovedApplicant, placeMovedOnBoard } from './place-moved-applicant';

type ApplicantsArgs = { jobId: number; page: number; status?: ApplicationStatus; search?: string };
type BoardArgs = { jobId: number; search?: string };

/**
 * Applications, from both sides (server module `applications`). Tags: 'Application' ('MINE', or
 * 'CHECK-{jobId}'), 'Applicants' (a job id), and the two dashboards, which count them.
 */
export const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyApplications: build.query<Paginated<ApplicationOut>, { page: number; status?: ApplicationStatus; search?: string }>({
      query: ({ page, status, search }) => ({
        url: '/myapplications/',
        params: { page, page_size: 20, ...(status ? { status } : {}), ...(search ? { search } : {}) },
      }),
      providesTags: [{ type: 'Application', id: 'MINE' }],
    }),
    checkApplicationStatus: build.query<ApplicationStatusCheck, number>({
      query: (jobId) => `/jobs/${jobId}/check-application-status/`,
      providesTags: (_r, _e, jobId) => [{ type: 'Application', id: `CHECK-${jobId}` }],
    }),
    applyToJob: build.mutation<ApplicationOut, { jobId: number; coverLetter: string; resume: File | null }>({
      query: ({ jobId, coverLetter, resume }) => {
        // Spec section 5: multipart form data, always.
        const body = new FormData();
        body.append('job', String(jobId));
        body.append('cover_letter', coverLetter);
        body.append('use_profile_resume', resume ? 'false' : 'true');
        if (resume) body.append('resume', resume, resume.name);
        return { url: '/applications/', method: 'POST', body };
      },
      invalidatesTags: (_r, error, { jobId }) =>
        error && error.status !== 409
          ? []
          : [
              { type: 'Application', id: 'MINE' },
              { type: 'Application', id: `CHECK-${jobId}` },
              { type: 'JobseekerDashboard', id: 'ME' },
            ],
    }),
    withdrawApplication: build.mutation<ApplicationOut, { id: number; jobId: number }>({
      query: ({ id }) => ({ url: `/applications/${id}/withdraw/`, method: 'POST' }),
      invalidatesTags: (_r, error, { jobId }) =>
        error
          ? []
          : [
              { type: 'Application', id: 'MINE' },
              { type: 'Application', id: `CHECK-${jobId}` },
              { type: 'JobseekerDashboard', id: 'ME' },
            ],
    }),
    getApplicants: build.query<ApplicantList, ApplicantsArgs>({
      query: ({ jobId, page, status, search }) => ({
        url: `/jobs/${jobId}/applicants/`,
        params: { page, page_size: 20, ...(status ? { status } : {}), ...(search ? { search } : {}) },
      }),
      providesTags: (_r, _e, { jobId }) => [{ type: 'Applicants', id: jobId }],
    }),
    /** The board's first view in one call: every status column's count and first page (its further pages: getApplicants). */
    getApplicantBoard: build.query<ApplicantBoard, BoardArgs>({
      query: ({ jobId, search }) => ({
        url: `/jobs/${jobId}/applicants/board/`,
        params: { page_size: 20, ...(search ? { search } : {}) },
      }),
      providesTags: (_r, _e, { jobId }) => [{ type: 'Applicants', id: jobId }],
    }),
    changeApplicationStatus: build.mutation<ApplicantOut, { applicationId: number; jobId: number; status: ApplicationStatus }>({
      query: ({ applicationId, status }) => ({ url: `/jobs/${applicationId}/applications/status/`, method: 'PATCH', body: { status } }),
      // Every loaded page of the job's applicants (list, the board's first view and its columns' further
      // pages) shows the move at once; a refused move puts them all back, and the refetch after a
      // move (the board is one call) brings the server's truth, counts included.
      async onQueryStarted({ applicationId, jobId, status }, { dispatch, getState, queryFulfilled }) {
        const { util, endpoints } = applicationsApi;
        const pages = util.selectCachedArgsForQuery(getState(), 'getApplicants').filter((args) => args.jobId === jobId);
        const boards = util.selectCachedArgsForQuery(getState(), 'getApplicantBoard').filter((args) => args.jobId === jobId);
        const loaded = [
          ...pages.flatMap((args) => endpoints.getApplicants.select(args)(getState()).data?.results ?? []),
          ...boards.flatMap(
            (args) =>
              endpoints.getApplicantBoard
                .select(args)(getState())
                .data?.columns.flatMap((c) => c.results) ?? [],
          ),
        ];
        const moved = loaded.find((a) => a.id === applicationId);
        if (!moved) return;
        const patches = [
          ...pages.map((args) =>
            dispatch(util.updateQueryData('getApplicants', args, (draft) => placeMovedApplicant(draft, args, moved, status))),
          ),
          ...boards.map((args) =>
            dispatch(util.updateQueryData('getApplicantBoard', args, (draft) => placeMovedOnBoard(draft, args, moved, status))),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_r, error, { jobId }) =>
        error
          ? []
          : [
              { type: 'Applicants', id: jobId },
              { type: 'EmployerDashboard', id: 'ME' },
            ],
    }),
  }),
});

export const {
  useGetMyApplicationsQuery,
  useCheckApplicationStatusQuery,
  useApplyToJobMutation,
  useWithdrawApplicationMutation,
  useGetApplicantsQuery,
  useGetApplicantBoardQuery,
  useChangeApplicationStatusMutation,
} = applicationsApi;
