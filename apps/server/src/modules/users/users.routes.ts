import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, userList, userListQuery, userOut } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { toPage } from '../../lib/pagination';
import { presentUser } from './users.presenter';
import { findUserById, findUsers } from './users.repository';

const tags = ['admin: users'];
const security = [{ bearerAuth: [] }];

export function usersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  r.get('/api/users/', {
    onRequest: adminOnly,
    schema: { tags, security, summary: 'List users (admin)', querystring: userListQuery, response: { 200: userList } },
    handler: async (request) => {
      const { rows, total } = await findUsers(db, request.query);
      return toPage(request, request.query, rows.map(presentUser), total);
    },
  });

  r.get('/api/users/:id/', {
    onRequest: adminOnly,
    schema: { tags, security, summary: 'One user (admin)', params: idParam, response: { 200: userOut } },
    handler: async (request) => {
      const row = await findUserById(db, request.params.id);
      if (!row) throw notFound('That user');
      return presentUser(row);
    },
  });
}
