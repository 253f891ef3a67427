import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { matchingJobList, paginationQuery } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import type { MatchingJobsService } from './matching-jobs.service';

export function matchingJobsRoutes(app: FastifyInstance, { matchingJobs }: { matchingJobs: MatchingJobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/matching-jobs/', {
    onRequest: app.requireRole('jobseeker'),
    schema: {
      tags: ['jobs'],
      security: [{ bearerAuth: [] }],
      summary: 'Public jobs ranked by fit to the profile, each with a 0–100 score and reasons; a hint when the profile is too thin',
      querystring: paginationQuery,
      response: { 200: matchingJobList },
    },
    handler: async (request) => pageOf(request, await matchingJobs.find(viewerOf(request), request.query)),
  });
}
