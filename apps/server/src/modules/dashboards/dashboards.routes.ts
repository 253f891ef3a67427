import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { employerDashboard, jobseekerDashboard } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import type { DashboardsService } from './dashboards.service';

const tags = ['dashboards'];
const security = [{ bearerAuth: [] }];

export function dashboardsRoutes(app: FastifyInstance, { dashboards }: { dashboards: DashboardsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard/jobseeker/', {
    onRequest: app.requireRole('jobseeker'),
    schema: {
      tags,
      security,
      summary: 'Applications by status, recent applications, saved and matching jobs, profile completeness',
      response: { 200: jobseekerDashboard },
    },
    handler: (request) => dashboards.forJobseeker(viewerOf(request)),
  });
  r.get('/api/dashboard/employer/', {
    onRequest: app.requireRole('employer'),
    schema: {
      tags,
      security,
      summary: 'Jobs posted and open, applications by status and by job, the newest applicants',
      response: { 200: employerDashboard },
    },
    handler: (request) => dashboards.forEmployer(viewerOf(request)),
  });
}
