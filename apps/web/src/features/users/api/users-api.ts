import type {
  EmployerPersonOut,
  JobseekerPersonOut,
  Paginated,
  PersonCreate,
  PersonKind,
  PersonOrdering,
  PersonUpdate,
  Role,
  UserOut,
} from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

export interface UserListArgs {
  page: number;
  page_size: number;
  role?: Role;
  search?: string;
}

/** The people tables' own calls: job seekers, or employers (and recruiters, a filter of them). */
export type PersonTable = Exclude<PersonKind, 'recruiters'>;
export type PersonOf<T extends PersonTable> = T extends 'jobseekers' ? JobseekerPersonOut : EmployerPersonOut;
export interface PersonListArgs {
  kind: PersonKind;
  page: number;
  page_size: number;
  search?: string;
  is_active?: 'true' | 'false';
  ordering?: PersonOrdering;
}

// Any change to a person changes their table, the user list, the dashboard's figures and the audit log.
const afterPersonChange = ['People', 'Users', 'AdminData', { type: 'Audit', id: 'LIST' }] as const;

/** The admin's people (server module `users`): the tables, making, editing, (de)activating and deleting accounts. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Paginated<UserOut>, UserListArgs>({
      query: (params) => ({ url: '/users/', params: { ...params } }),
      providesTags: ['Users'],
    }),
    listPeople: build.query<Paginated<JobseekerPersonOut | EmployerPersonOut>, PersonListArgs>({
      query: ({ kind, ...params }) => ({ url: `/${kind}/`, params: { ...params } }),
      providesTags: ['People'],
    }),
    createPerson: build.mutation<JobseekerPersonOut | EmployerPersonOut, { table: PersonTable; body: PersonCreate }>({
      query: ({ table, body }) => ({ url: `/${table}/`, method: 'POST', body }),
      invalidatesTags: (_person, error) => (error ? [] : [...afterPersonChange]),
    }),
    updatePerson: build.mutation<JobseekerPersonOut | EmployerPersonOut, { table: PersonTable; id: number; body: PersonUpdate }>({
      query: ({ table, id, body }) => ({ url: `/${table}/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_person, error) => (error ? [] : [...afterPersonChange]),
    }),
    togglePersonActive: build.mutation<JobseekerPersonOut | EmployerPersonOut, { table: PersonTable; id: number; reason?: string }>({
      query: ({ table, id, reason }) => ({ url: `/${table}/${id}/toggle_active/`, method: 'POST', body: reason ? { reason } : {} }),
      invalidatesTags: (_person, error) => (error ? [] : [...afterPersonChange]),
    }),
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `/users/${id}/`, method: 'DELETE' }),
      // An owner's company goes with them: the companies lists and the job search change too.
      invalidatesTags: (_reply, error) => (error ? [] : [...afterPersonChange, { type: 'Company', id: 'LIST' }, 'Job']),
    }),
  }),
});

export const {
  useListUsersQuery,
  useListPeopleQuery,
  useCreatePersonMutation,
  useUpdatePersonMutation,
  useTogglePersonActiveMutation,
  useDeleteUserMutation,
} = usersApi;
