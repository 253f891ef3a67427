import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  formerTeamOut,
  idParam,
  loginResponse,
  teamInvitationOut,
  teamInvitationParams,
  teamInviteRequest,
  teamJoinRequest,
  teamMemberParams,
  teamOut,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import type { ClientInfo } from '../auth';
import type { TeamsService } from './teams.service';

const tags = ['teams'];
const security = [{ bearerAuth: [] }];
const client = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export function teamsRoutes(app: FastifyInstance, { teams }: { teams: TeamsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireRole();
  const employerOnly = app.requireRole('employer');

  r.get('/api/companies/:id/members/', {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: "The company's hiring team: members (owner first) and pending invitations (its members and admins)",
      params: idParam,
      response: { 200: teamOut },
    },
    handler: (request) => teams.get(viewerOf(request), request.params.id),
  });

  r.post('/api/companies/:id/members/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary:
        'Invite someone to the team by e-mail (the owner): a 6-digit code is mailed; again for a pending address sends a new code (200)',
      params: idParam,
      body: teamInviteRequest,
      response: { 201: teamInvitationOut, 200: teamInvitationOut },
    },
    handler: async (request, reply) => {
      const { invitation, created } = await teams.invite(viewerOf(request), request.params.id, request.body.email);
      return reply.code(created ? 201 : 200).send(invitation);
    },
  });

  r.get('/api/companies/former/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'For an employer without a company: the company whose owner last removed them from its hiring team (or null)',
      response: { 200: formerTeamOut },
    },
    handler: (request) => teams.former(viewerOf(request)),
  });

  r.delete('/api/companies/:id/members/:userId/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'Remove a recruiter from the team (the owner; never the owner): they lose the company at once and are told so',
      params: teamMemberParams,
    },
    handler: async (request, reply) => {
      await teams.removeMember(viewerOf(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  });

  r.delete('/api/companies/:id/invitations/:invitationId/', {
    onRequest: employerOnly,
    schema: { tags, security, summary: 'Withdraw a pending invitation (the owner): its code stops working', params: teamInvitationParams },
    handler: async (request, reply) => {
      await teams.withdrawInvitation(viewerOf(request), request.params.id, request.params.invitationId);
      return reply.code(204).send();
    },
  });

  r.post('/api/companies/join/', {
    schema: {
      tags,
      summary: 'Join a hiring team with the e-mailed code and sign in (a new address also sets full_name and password)',
      body: teamJoinRequest,
      response: { 200: loginResponse },
    },
    handler: (request) => teams.join(request.body, { ...client(request), requestId: request.id }),
  });
}
