import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, taxonomyInput, taxonomyItem, taxonomyList, taxonomyQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { viewerOf } from '../../lib/access';
import type { PublicReads } from '../../lib/public-reads';
import { createTaxonomyService } from './taxonomy.service';

const security = [{ bearerAuth: [] }];

/** GET (anyone), POST, PUT, DELETE (admins) for /api/job-categories/ and /api/job-skills/. */
export function taxonomyRoutes(app: FastifyInstance, { db, reads }: { db: Db; reads: PublicReads }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');
  const lists = [
    {
      base: '/api/job-categories/',
      service: createTaxonomyService(db, 'category', reads.db),
      tags: ['job categories'],
      what: 'job categories',
    },
    { base: '/api/job-skills/', service: createTaxonomyService(db, 'skill', reads.db), tags: ['job skills'], what: 'job skills' },
  ];

  for (const { base, service, tags, what } of lists) {
    r.get(base, {
      schema: {
        tags,
        summary: `List ${what} with job counts (search/limit for type-ahead)`,
        querystring: taxonomyQuery,
        response: { 200: taxonomyList },
      },
      handler: (request) => reads.serve(request, () => service.list(request.query)),
    });

    r.get(`${base}:id/`, {
      schema: { tags, summary: `One of the ${what}`, params: idParam, response: { 200: taxonomyItem } },
      handler: (request) => reads.serve(request, () => service.getItem(request.params.id)),
    });

    r.post(base, {
      onRequest: adminOnly,
      schema: { tags, security, summary: `Add to the ${what} (admin)`, body: taxonomyInput, response: { 201: taxonomyItem } },
      handler: async (request, reply) => reply.code(201).send(await service.create(viewerOf(request), request.body)),
    });

    r.put(`${base}:id/`, {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Rename one of the ${what} (admin)`,
        params: idParam,
        body: taxonomyInput,
        response: { 200: taxonomyItem },
      },
      handler: (request) => service.rename(viewerOf(request), request.params.id, request.body),
    });

    r.delete(`${base}:id/`, {
      onRequest: adminOnly,
      schema: { tags, security, summary: `Delete one of the ${what} that no job uses (admin)`, params: idParam },
      handler: async (request, reply) => {
        await service.remove(viewerOf(request), request.params.id);
        return reply.code(204).send();
      },
    });
  }
}
