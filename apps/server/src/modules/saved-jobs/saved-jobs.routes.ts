import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, paginationQuery, saveJobRequest, savedJobList, savedJobOut } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import type { SavedJobsService } from './saved-jobs.service';

const tags = ['saved jobs'];
const security = [{ bearerAuth: [] }];

export function savedJobsRoutes(app: FastifyInstance, { savedJobs }: { savedJobs: SavedJobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobseekerOnly = app.requireRole('jobseeker');

  r.get('/api/saved-jobs/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: "The job seeker's saved jobs that are public, newest saved first",
      querystring: paginationQuery,
      response: { 200: savedJobList },
    },
    handler: async (request) => pageOf(request, await savedJobs.list(viewerOf(request), request.query)),
  });

  r.get('/api/saved-jobs/ids/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'The ids of the saved public jobs (to mark them in search results)',
      response: { 200: z.array(z.number().int()) },
    },
    handler: (request) => savedJobs.ids(viewerOf(request)),
  });

  r.post('/api/saved-jobs/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'Save a public job: 201, or 200 with the saved job when it was saved already',
      body: saveJobRequest,
      response: { 200: savedJobOut, 201: savedJobOut },
    },
    handler: async (request, reply) => {
      const { saved, created } = await savedJobs.save(viewerOf(request), request.body.job);
      return reply.code(created ? 201 : 200).send(saved);
    },
  });

  r.delete('/api/saved-jobs/:id/', {
    onRequest: jobseekerOnly,
    schema: { tags, security, summary: 'Remove a saved job (own only)', params: idParam },
    handler: async (request, reply) => {
      await savedJobs.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
