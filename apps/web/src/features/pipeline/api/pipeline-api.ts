import type { BulkRequest, BulkResult, NoteOut, TemplateOut, TimelineOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/**
 * The hiring pipeline (server module `pipeline`, issue #50): team notes, message templates, bulk
 * actions on a job's applicants, an application's timeline. Tags: 'Notes' (an application id),
 * 'Templates' (a company id), 'Timeline' (an application id); a bulk action changes 'Applicants'.
 */
export const pipelineApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<{ results: NoteOut[] }, number>({
      query: (applicationId) => `/applications/${applicationId}/notes/`,
      providesTags: (_r, _e, id) => [{ type: 'Notes', id }],
    }),
    addNote: build.mutation<NoteOut, { applicationId: number; body: string }>({
      query: ({ applicationId, body }) => ({ url: `/applications/${applicationId}/notes/`, method: 'POST', body: { body } }),
      invalidatesTags: (_r, error, { applicationId }) => (error ? [] : [{ type: 'Notes', id: applicationId }]),
    }),
    editNote: build.mutation<NoteOut, { id: number; applicationId: number; body: string }>({
      query: ({ id, body }) => ({ url: `/application-notes/${id}/`, method: 'PATCH', body: { body } }),
      invalidatesTags: (_r, error, { applicationId }) => (error ? [] : [{ type: 'Notes', id: applicationId }]),
    }),
    deleteNote: build.mutation<void, { id: number; applicationId: number }>({
      query: ({ id }) => ({ url: `/application-notes/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { applicationId }) => (error ? [] : [{ type: 'Notes', id: applicationId }]),
    }),
    getTemplates: build.query<{ results: TemplateOut[] }, number>({
      query: (companyId) => `/companies/${companyId}/message-templates/`,
      providesTags: (_r, _e, id) => [{ type: 'Templates', id }],
    }),
    saveTemplate: build.mutation<TemplateOut, { companyId: number; id?: number; name: string; body: string }>({
      query: ({ companyId, id, name, body }) =>
        id === undefined
          ? { url: `/companies/${companyId}/message-templates/`, method: 'POST', body: { name, body } }
          : { url: `/companies/${companyId}/message-templates/${id}/`, method: 'PATCH', body: { name, body } },
      invalidatesTags: (_r, error, { companyId }) => (error ? [] : [{ type: 'Templates', id: companyId }]),
    }),
    deleteTemplate: build.mutation<void, { companyId: number; id: number }>({
      query: ({ companyId, id }) => ({ url: `/companies/${companyId}/message-templates/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { companyId }) => (error ? [] : [{ type: 'Templates', id: companyId }]),
    }),
    actOnApplicants: build.mutation<BulkResult, { jobId: number } & BulkRequest>({
      query: ({ jobId, ...body }) => ({ url: `/jobs/${jobId}/applicants/bulk/`, method: 'POST', body }),
      invalidatesTags: (_r, error, { jobId, action }) =>
        error || action === 'export'
          ? []
          : [{ type: 'Applicants', id: jobId }, { type: 'EmployerDashboard', id: 'ME' }, { type: 'ChatRooms' }],
    }),
    getTimeline: build.query<TimelineOut, number>({
      query: (applicationId) => `/applications/${applicationId}/timeline/`,
      providesTags: (_r, _e, id) => [{ type: 'Timeline', id }],
    }),
  }),
});

export const {
  useGetNotesQuery,
  useAddNoteMutation,
  useEditNoteMutation,
  useDeleteNoteMutation,
  useGetTemplatesQuery,
  useSaveTemplateMutation,
  useDeleteTemplateMutation,
  useActOnApplicantsMutation,
  useGetTimelineQuery,
} = pipelineApi;
