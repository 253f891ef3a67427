import type { FormerTeamOut, LoginResponse, TeamInvitationOut, TeamJoinRequest, TeamOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';
import { requestJson } from '../../../lib/api/http';

/** A company's hiring team (server module `teams`): members, pending invitations, and the owner's changes. */
export const teamsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeam: build.query<TeamOut, number>({
      query: (companyId) => `/companies/${companyId}/members/`,
      providesTags: (_team, _error, companyId) => [{ type: 'Team', id: companyId }],
    }),
    /** For an employer without a company: the company that last removed them from its team (read again with 'Company'). */
    getFormerTeam: build.query<FormerTeamOut, void>({
      query: () => '/companies/former/',
      providesTags: [{ type: 'Company', id: 'FORMER' }],
    }),
    inviteMember: build.mutation<TeamInvitationOut, { companyId: number; email: string }>({
      query: ({ companyId, email }) => ({ url: `/companies/${companyId}/members/`, method: 'POST', body: { email } }),
      invalidatesTags: (_reply, error, { companyId }) => (error ? [] : [{ type: 'Team', id: companyId }, 'Audit']),
    }),
    removeMember: build.mutation<void, { companyId: number; userId: number }>({
      query: ({ companyId, userId }) => ({ url: `/companies/${companyId}/members/${userId}/`, method: 'DELETE' }),
      invalidatesTags: (_reply, error, { companyId }) => (error ? [] : [{ type: 'Team', id: companyId }, 'Audit']),
    }),
    withdrawInvitation: build.mutation<void, { companyId: number; invitationId: number }>({
      query: ({ companyId, invitationId }) => ({ url: `/companies/${companyId}/invitations/${invitationId}/`, method: 'DELETE' }),
      invalidatesTags: (_reply, error, { companyId }) => (error ? [] : [{ type: 'Team', id: companyId }, 'Audit']),
    }),
  }),
});

export const { useGetTeamQuery, useGetFormerTeamQuery, useInviteMemberMutation, useRemoveMemberMutation, useWithdrawInvitationMutation } =
  teamsApi;

/** Joins a team with the e-mailed code: a sign-in path, so a plain call (no session yet, nothing cached). */
export const joinTeam = (body: TeamJoinRequest) => requestJson<LoginResponse>({ url: '/companies/join/', method: 'POST', body });
