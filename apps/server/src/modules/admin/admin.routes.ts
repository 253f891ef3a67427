import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminData } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import type { AdminService } from './admin.service';

export function adminRoutes(app: FastifyInstance, { admin }: { admin: AdminService }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/data/', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['admin: dashboard'],
      security: [{ bearerAuth: [] }],
      summary: 'Head counts, sign-ups and applications per day for the last 30 days, companies awaiting approval (admin)',
      response: { 200: adminData },
    },
    handler: (request) => admin.data(viewerOf(request)),
  });
}
