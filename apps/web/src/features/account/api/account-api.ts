import type { AccountOut, AccountUpdate } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/** The caller's own account (server module `account`): the time zone their browser reports. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<AccountOut, AccountUpdate>({
      query: (body) => ({ url: '/account/', method: 'PATCH', body }),
      // Applicant lists show job seekers' zones; nothing the caller has open shows their own.
    }),
  }),
});

export const { useUpdateAccountMutation } = accountApi;
