import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { PublicReads } from './public-reads';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on /readyz answers 503, so that a load balancer stops sending requests here while the
     * process still answers the ones it is sent meanwhile (main.ts, on SIGTERM, before closing).
     */
    startDraining(): void;
  }
}

/** /healthz (the process runs) and /readyz (it can serve: the database answers, it is not draining). */
export function healthRoutes(app: FastifyInstance, { database, reads }: { database: Database; reads: PublicReads }) {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (draining) return reply.code(503).send({ detail: 'This process is stopping.', code: 'service_unavailable' });
    try {
      await database.ping();
      const replicas = reads.replicas();
      return { status: 'ok', database: database.kind, ...(replicas.length > 0 && { replicas }) };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).header('retry-after', '5').send({ detail: 'The database is not reachable.', code: 'service_unavailable' });
    }
  });
}
