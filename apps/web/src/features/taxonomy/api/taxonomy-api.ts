import type { TaxonomyItem } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

export type TaxonomyKind = 'category' | 'skill';

const paths: Record<TaxonomyKind, string> = { category: '/job-categories/', skill: '/job-skills/' };

export interface TaxonomyListArgs {
  kind: TaxonomyKind;
  /** Type-ahead: names that contain these words. */
  search?: string;
  limit?: number;
}

/** Job categories and skills (server module `taxonomy`): the job form picks from them, the admin keeps them. */
export const taxonomyApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTaxonomy: build.query<TaxonomyItem[], TaxonomyListArgs>({
      query: ({ kind, search, limit }) => ({
        url: paths[kind],
        params: { ...(search ? { search } : {}), ...(limit ? { limit } : {}) },
      }),
      providesTags: (_items, _error, { kind }) => [{ type: 'Taxonomy', id: kind }],
    }),
    createTaxonomyItem: build.mutation<TaxonomyItem, { kind: TaxonomyKind; name: string }>({
      query: ({ kind, name }) => ({ url: paths[kind], method: 'POST', body: { name } }),
      invalidatesTags: (_item, error, { kind }) => (error ? [] : [{ type: 'Taxonomy', id: kind }]),
    }),
    renameTaxonomyItem: build.mutation<TaxonomyItem, { kind: TaxonomyKind; id: number; name: string }>({
      query: ({ kind, id, name }) => ({ url: `${paths[kind]}${id}/`, method: 'PUT', body: { name } }),
      // Jobs show the names, so their pages and the search change too.
      invalidatesTags: (_item, error, { kind }) => (error ? [] : [{ type: 'Taxonomy', id: kind }, 'Job']),
    }),
    deleteTaxonomyItem: build.mutation<void, { kind: TaxonomyKind; id: number }>({
      query: ({ kind, id }) => ({ url: `${paths[kind]}${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { kind }) => (error ? [] : [{ type: 'Taxonomy', id: kind }]),
    }),
  }),
});

export const { useListTaxonomyQuery, useCreateTaxonomyItemMutation, useRenameTaxonomyItemMutation, useDeleteTaxonomyItemMutation } =
  taxonomyApi;
