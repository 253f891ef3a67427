import type { Paginated, Role, UserOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

export interface UserListArgs {
  page: number;
  page_size: number;
  role?: Role;
  search?: string;
}

/** The admin's list of people (server module `users`). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Paginated<UserOut>, UserListArgs>({
      query: ({ page, page_size, role, search }) => ({
        url: '/users/',
        params: { page, page_size, ...(role ? { role } : {}), ...(search ? { search } : {}) },
      }),
      providesTags: ['Users'],
    }),
  }),
});

export const { useListUsersQuery } = usersApi;
