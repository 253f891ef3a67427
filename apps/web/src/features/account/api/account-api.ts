import type { AccountDeleteRequest, AccountOut, AccountUpdate, DataExportList, DataExportOut, DeletionCodeOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/**
 * The caller's own account (server modules `account` and `privacy`): the time zone their browser
 * reports, their data exports, and deleting the account (docs/decisions/017-privacy.md).
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<AccountOut, AccountUpdate>({
      query: (body) => ({ url: '/account/', method: 'PATCH', body }),
      // Applicant lists show job seekers' zones; nothing the caller has open shows their own.
    }),
    getDataExports: build.query<DataExportList, void>({
      query: () => '/account/exports/',
      providesTags: [{ type: 'DataExport', id: 'LIST' }],
    }),
    requestDataExport: build.mutation<DataExportOut, void>({
      query: () => ({ url: '/account/exports/', method: 'POST' }),
      invalidatesTags: [{ type: 'DataExport', id: 'LIST' }],
    }),
    sendDeletionCode: build.mutation<DeletionCodeOut, void>({
      query: () => ({ url: '/account/deletion-code/', method: 'POST' }),
    }),
    deleteAccount: build.mutation<void, AccountDeleteRequest>({
      query: (body) => ({ url: '/account/', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useUpdateAccountMutation,
  useGetDataExportsQuery,
  useRequestDataExportMutation,
  useSendDeletionCodeMutation,
  useDeleteAccountMutation,
} = accountApi;
