import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { employerJobList, employerJobQuery, idParam, jobInput, jobOut, jobPatch, jobSearchQuery, jobSearchResult } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import type { PublicReads } from '../../lib/public-reads';
import { pageJsonOf, pageOf } from '../../lib/pagination';
import type { JobSearch } from './job-search.service';
import type { JobsService } from './jobs.service';

const tags = ['jobs'];
const security = [{ bearerAuth: [] }];

export function jobsRoutes(
  app: FastifyInstance,
  { jobs, jobSearch, reads }: { jobs: JobsService; jobSearch: JobSearch; reads: PublicReads },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const employerOnly = app.requireRole('employer');
  const employerOrAdmin = app.requireRole('employer', 'admin');

  r.get('/api/jobs/', {
    schema: {
      tags,
      summary: 'Search public jobs: words (typos corrected), filters, facets, sort, paging',
      querystring: jobSearchQuery,
      response: { 200: jobSearchResult },
    },
    // An answer was checked against the schema and written as JSON when it was computed
    // (job-search.service.ts): a kept answer is sent as that text, with its page's links.
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(pageJsonOf(request, await reads.serve(request, () => jobSearch.search(request.query))) as never),
  });

  r.get('/api/jobs/mine/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: "The employer's own jobs: status, why not public, applicants",
      querystring: employerJobQuery,
      response: { 200: employerJobList },
    },
    handler: async (request) => pageOf(request, await jobs.listMine(viewerOf(request), request.query)),
  });

  r.post('/api/jobs/', {
    onRequest: employerOnly,
    schema: { tags, security, summary: 'Post a job (needs the company details submitted)', body: jobInput, response: { 201: jobOut } },
    handler: async (request, reply) => reply.code(201).send(await jobs.create(viewerOf(request), request.body)),
  });

  r.get('/api/jobs/:id/', {
    onRequest: app.identifyViewer,
    schema: {
      tags,
      summary: 'One job with its company (not public ones: owner and admins only)',
      params: idParam,
      response: { 200: jobOut },
    },
    handler: (request) => reads.serve(request, () => jobs.get(request.viewer, request.params.id)),
  });

  r.put('/api/jobs/:id/', {
    onRequest: employerOnly,
    schema: { tags, security, summary: 'Replace a job (its owner)', params: idParam, body: jobInput, response: { 200: jobOut } },
    handler: (request) => jobs.replace(viewerOf(request), request.params.id, request.body),
  });

  r.patch('/api/jobs/:id/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'Change some fields of a job, e.g. {status: "closed"} (its owner)',
      params: idParam,
      body: jobPatch,
      response: { 200: jobOut },
    },
    handler: (request) => jobs.patch(viewerOf(request), request.params.id, request.body),
  });

  r.delete('/api/jobs/:id/', {
    onRequest: employerOrAdmin,
    schema: { tags, security, summary: 'Delete a job (its owner, or an admin)', params: idParam },
    handler: async (request, reply) => {
      await jobs.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
