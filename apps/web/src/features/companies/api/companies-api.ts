import type { CompanyInput, CompanyOut, Paginated } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

export type ApprovalFilter = 'pending' | 'approved';

export interface CompanyListArgs {
  page: number;
  page_size: number;
  approval?: ApprovalFilter;
  search?: string;
}

/** Companies (server module `companies`): the employer submits and edits its own; admins list, approve and delete. */
export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in employer's company (GET /api/companies/ answers an employer with its own), or
     * null before it is submitted. Used by company details, job management and the dashboard.
     */
    getOwnCompany: build.query<CompanyOut | null, void>({
      query: () => ({ url: '/companies/', params: { page_size: 1 } }),
      transformResponse: (reply: Partial<Paginated<CompanyOut>>) => reply.results?.[0] ?? null,
      providesTags: (company) => [{ type: 'Company', id: 'MINE' }, ...(company ? [{ type: 'Company' as const, id: company.id }] : [])],
    }),
    /** One company (GET /api/companies/{id}/): approved ones for anyone, its page (#/company/{id}). */
    getCompany: build.query<CompanyOut, number>({
      query: (id) => `/companies/${id}/`,
      providesTags: (_company, _error, id) => [{ type: 'Company', id }],
    }),
    listCompanies: build.query<Paginated<CompanyOut>, CompanyListArgs>({
      query: ({ page, page_size, approval, search }) => ({
        url: '/companies/',
        params: {
          page,
          page_size,
          ...(approval ? { is_approved: approval === 'approved' ? 'true' : 'false' } : {}),
          ...(search ? { search } : {}),
        },
      }),
      providesTags: (reply) => [
        { type: 'Company', id: 'LIST' },
        ...(reply?.results ?? []).map((c) => ({ type: 'Company' as const, id: c.id })),
      ],
    }),
    createCompany: build.mutation<CompanyOut, CompanyInput>({
      query: (body) => ({ url: '/companies/', method: 'POST', body }),
      invalidatesTags: (_company, error) =>
        error
          ? []
          : [
              { type: 'Company', id: 'MINE' },
              { type: 'Company', id: 'LIST' },
            ],
    }),
    replaceCompany: build.mutation<CompanyOut, { id: number; body: CompanyInput }>({
      query: ({ id, body }) => ({ url: `/companies/${id}/`, method: 'PUT', body }),
      // Job pages show the company card.
      invalidatesTags: (_company, error, { id }) => (error ? [] : [{ type: 'Company', id }, { type: 'Company', id: 'MINE' }, 'Job']),
    }),
    uploadCompanyLogo: build.mutation<CompanyOut, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('logo', file);
        return { url: `/companies/${id}/logo/`, method: 'PUT', body };
      },
      invalidatesTags: (_company, error, { id }) => (error ? [] : [{ type: 'Company', id }, { type: 'Company', id: 'MINE' }, 'Job']),
    }),
    toggleCompanyApproval: build.mutation<{ id: number; is_approved: boolean }, { id: number; listArgs?: CompanyListArgs }>({
      query: ({ id }) => ({ url: `/companies/${id}/toggle_approval/`, method: 'POST' }),
      // The row flips at once; a failure puts it back.
      async onQueryStarted({ id, listArgs }, { dispatch, queryFulfilled }) {
        if (!listArgs) return;
        const patch = dispatch(
          companiesApi.util.updateQueryData('listCompanies', listArgs, (draft) => {
            const company = draft.results.find((c) => c.id === id);
            if (company) company.is_approved = !company.is_approved;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      // Approval decides which jobs are public.
      invalidatesTags: (_reply, error, { id }) =>
        error
          ? []
          : [{ type: 'Company', id }, { type: 'Company', id: 'LIST' }, { type: 'Company', id: 'MINE' }, 'Job', 'AdminData', 'People'],
    }),
    deleteCompany: build.mutation<void, number>({
      query: (id) => ({ url: `/companies/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_reply, error) => (error ? [] : [{ type: 'Company', id: 'LIST' }, 'Job', 'AdminData', 'People']),
    }),
  }),
});

export const {
  useGetOwnCompanyQuery,
  useGetCompanyQuery,
  useListCompaniesQuery,
  useCreateCompanyMutation,
  useReplaceCompanyMutation,
  useUploadCompanyLogoMutation,
  useToggleCompanyApprovalMutation,
  useDeleteCompanyMutation,
} = companiesApi;
