import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditList, auditQuery } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import type { AuditService } from './audit.service';

const tags = ['admin: audit'];
const security = [{ bearerAuth: [] }];

/** GET /api/admin/audit/ (admin): what was changed, by whom and when, newest first. */
export function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/audit/', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags,
      security,
      summary: 'The audit log, newest first (admin): filter by actor, action, object and time',
      querystring: auditQuery,
      response: { 200: auditList },
    },
    handler: async (request) => pageOf(request, await audit.list(viewerOf(request), request.query)),
  });
}
