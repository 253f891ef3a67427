import type { CompanyOut, Paginated } from '@jobportal/shared';
import { catalogueApi } from '../api/tags';

/**
 * The signed-in employer's company (GET /api/companies/ answers an employer with its own), or
 * null before it is submitted. Used by company details, job management and the dashboard.
 */
export const ownCompanyApi = catalogueApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnCompany: build.query<CompanyOut | null, void>({
      query: () => ({ url: '/companies/', params: { page_size: 1 } }),
      transformResponse: (reply: Partial<Paginated<CompanyOut>>) => reply.results?.[0] ?? null,
      providesTags: (company) => [{ type: 'Company', id: 'MINE' }, ...(company ? [{ type: 'Company' as const, id: company.id }] : [])],
    }),
  }),
});

export const { useGetOwnCompanyQuery } = ownCompanyApi;
