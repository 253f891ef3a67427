import type { AdminData } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/** The admin dashboard's figures (server module `admin`). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminData: build.query<AdminData, void>({
      query: () => '/admin/data/',
      providesTags: ['AdminData'],
    }),
  }),
});

export const { useGetAdminDataQuery } = adminApi;
