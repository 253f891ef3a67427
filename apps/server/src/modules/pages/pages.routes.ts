import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, jobSearchQuery } from '@jobportal/shared';
import type { PublicReads } from '../../lib/public-reads';
import type { PageAnswer, PagesService } from './pages.service';

/** An id from the path, or null when it is not one (the page's 404, not the API's 400). */
const idOf = (params: unknown): number | null => {
  const parsed = idParam.safeParse(params);
  return parsed.success ? parsed.data.id : null;
};

const sendPage = (reply: FastifyReply, page: PageAnswer) =>
  reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    // Short: a job closes or changes; the page is cheap to make again.
    .header('cache-control', page.status === 200 ? 'public, max-age=60' : 'no-cache')
    .send(page.html);

const sendXml = (reply: FastifyReply, type: string, body: AsyncIterable<string>) =>
  reply.type(`${type}; charset=utf-8`).header('cache-control', 'public, max-age=300').send(Readable.from(body));

/**
 * The pages read without the app, at real paths (not under /api/): not in the API's document. Pages
 * and feeds are public reads (a replica's, docs/decisions/021-read-replicas.md); the sitemaps stream
 * from the primary.
 */
export function pagesRoutes(app: FastifyInstance, { pages, reads }: { pages: PagesService; reads: PublicReads }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true };

  r.get('/jobs/:id', { schema: hide }, async (request, reply) =>
    sendPage(reply, await reads.serve(request, () => pages.jobPage(idOf(request.params)))),
  );
  r.get('/companies/:id', { schema: hide }, async (request, reply) =>
    sendPage(reply, await reads.serve(request, () => pages.companyPage(idOf(request.params)))),
  );

  r.get('/sitemap.xml', { schema: hide }, (_request, reply) => sendXml(reply, 'application/xml', pages.sitemaps.main()));
  r.get('/sitemaps/:name', { schema: hide }, async (request, reply) => {
    const match = /^(jobs|companies)-([1-9]\d{0,5})\.xml$/.exec((request.params as { name: string }).name);
    const child = match ? await pages.sitemaps.child(match[1] as 'jobs' | 'companies', Number(match[2])) : undefined;
    if (!child) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap.');
    return sendXml(reply, 'application/xml', child);
  });
  r.get('/robots.txt', { schema: hide }, (_request, reply) => reply.type('text/plain; charset=utf-8').send(pages.robots()));

  r.get('/jobs.atom', {
    schema: { hide: true, querystring: jobSearchQuery },
    // A feed is newest first unless its address names another order.
    preValidation: async (request) => {
      const query = request.query as Record<string, unknown>;
      if (query.sort === undefined) query.sort = 'newest';
    },
    handler: async (request, reply) => {
      const queryString = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await reads.serve(request, () => pages.feed(request.query, queryString)));
    },
  });
}
