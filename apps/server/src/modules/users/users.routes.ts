import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  employerPersonList,
  employerPersonOut,
  idParam,
  jobseekerPersonList,
  jobseekerPersonOut,
  personCreate,
  type personList,
  type personOut,
  personKinds,
  personListQuery,
  personUpdate,
  toggleActiveInput,
  userCreate,
  userList,
  userListQuery,
  userOut,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import type { PersonTable, UsersService } from './users.service';

const tags = ['admin: people'];
const security = [{ bearerAuth: [] }];

/** Each people table's words and answer shapes. */
const tables = {
  jobseekers: { one: 'job seeker', many: 'Job seekers', out: jobseekerPersonOut, list: jobseekerPersonList },
  employers: { one: 'employer', many: 'Employers (owners and recruiters)', out: employerPersonOut, list: employerPersonList },
  recruiters: {
    one: 'recruiter',
    many: 'Recruiters (employers in a company they do not own)',
    out: employerPersonOut,
    list: employerPersonList,
  },
} as const;

export function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  r.get('/api/users/', {
    onRequest: adminOnly,
    schema: { tags, security, summary: 'List accounts (admin)', querystring: userListQuery, response: { 200: userList } },
    handler: async (request) => {
      return pageOf(request, await users.listUsers(viewerOf(request), request.query));
    },
  });

  r.post('/api/users/', {
    onRequest: adminOnly,
    schema: {
      tags,
      security,
      summary: 'Create an account of any role (admin); the person is e-mailed a code to set a password',
      body: userCreate,
      response: { 201: userOut },
    },
    handler: async (request, reply) => {
      const { role, ...input } = request.body;
      return reply.code(201).send(await users.createUser(viewerOf(request), role, input));
    },
  });

  r.get('/api/users/:id/', {
    onRequest: adminOnly,
    schema: { tags, security, summary: 'One account (admin)', params: idParam, response: { 200: userOut } },
    handler: (request) => users.getUser(viewerOf(request), request.params.id),
  });

  r.put('/api/users/:id/', {
    onRequest: adminOnly,
    schema: {
      tags,
      security,
      summary: "Change an account's name and e-mail (admin)",
      params: idParam,
      body: personUpdate,
      response: { 200: userOut },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      await users.update(viewer, null, request.params.id, request.body);
      return users.getUser(viewer, request.params.id);
    },
  });

  r.delete('/api/users/:id/', {
    onRequest: adminOnly,
    schema: {
      tags,
      security,
      summary:
        'Delete an account with its profile, applications and files; an owner with their company, once the team is down to them (admin)',
      params: idParam,
    },
    handler: async (request, reply) => {
      await users.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  for (const kind of personKinds) {
    const table = tables[kind];
    r.get(`/api/${kind}/`, {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `${table.many}: search (name or e-mail), is_active, ordering (admin)`,
        querystring: personListQuery,
        // One schema per table at run time; typed as either, which the loop's handler answers.
        response: { 200: table.list as unknown as typeof personList },
      },
      handler: async (request) => {
        return pageOf(request, await users.listPeople(viewerOf(request), kind, request.query));
      },
    });
  }

  for (const kind of ['jobseekers', 'employers'] as const satisfies readonly PersonTable[]) {
    const table = tables[kind];
    r.post(`/api/${kind}/`, {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Create a ${table.one} account (admin); they are e-mailed a code to set a password`,
        body: personCreate,
        response: { 201: table.out as unknown as typeof personOut },
      },
      handler: async (request, reply) => reply.code(201).send(await users.createPerson(viewerOf(request), kind, request.body)),
    });

    r.put(`/api/${kind}/:id/`, {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Change a ${table.one}'s name and e-mail (admin)`,
        params: idParam,
        body: personUpdate,
        response: { 200: table.out as unknown as typeof personOut },
      },
      handler: async (request) => {
        const viewer = viewerOf(request);
        await users.update(viewer, kind, request.params.id, request.body);
        return users.getPerson(viewer, kind, request.params.id);
      },
    });

    r.post(`/api/${kind}/:id/toggle_active/`, {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Deactivate (with a reason; every session ends at once) or activate a ${table.one} (admin)`,
        params: idParam,
        body: toggleActiveInput,
        response: { 200: table.out as unknown as typeof personOut },
      },
      handler: (request) => users.toggleActive(viewerOf(request), kind, request.params.id, request.body?.reason),
    });
  }

  // GET /api/jobseekers/{id}/ is the job seeker's profile (profiles module), for admins and employers alike.
  r.get('/api/employers/:id/', {
    onRequest: adminOnly,
    schema: { tags, security, summary: 'One employer or recruiter (admin)', params: idParam, response: { 200: employerPersonOut } },
    handler: (request) => users.getPerson(viewerOf(request), 'employers', request.params.id),
  });
}
