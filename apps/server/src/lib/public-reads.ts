import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createReadRouter, type ReadRouter, type ReplicaState } from '../db/read-router';

/**
 * Read-your-writes for public reads served by replicas (docs/decisions/021-read-replicas.md): a
 * request that changed something (any method but GET/HEAD/OPTIONS, answered below 400) gets a
 * signed cookie naming a moment `windowMs` ahead; until then that browser's public reads go to the
 * primary, whichever API process answers them. Nothing is stored on the server.
 */
export interface PublicReads {
  /** Runs a public read on a replica, or on the primary for someone who has just written. */
  serve<T>(request: FastifyRequest, read: () => T): T;
  /** The handle the services serving public reads read with (the primary outside `serve`). */
  db: ReadRouter['db'];
  replicas(): ReplicaState[];
  /** How long after a write every replica in use has it. */
  settleMs: number;
}

/** Opens the replicas of DATABASE_REPLICA_URL (none on the embedded database), closed with the app. */
export async function openPublicReads(app: FastifyInstance, config: Config, database: Database, secret: string): Promise<PublicReads> {
  const router = await createReadRouter({
    primary: database,
    replicaUrls: database.kind === 'postgres' ? config.replicas.urls : [],
    maxLagSeconds: config.replicas.maxLagSeconds,
    onChange: (state) =>
      state.healthy ? app.log.info({ replica: state }, 'replica taking reads again') : app.log.warn({ replica: state }, 'replica left out'),
  });
  app.addHook('onClose', () => router.close());
  return publicReads(app, router, secret, router.settleMs);
}

export const recentWriteCookie = 'hl_wrote';

export function publicReads(app: FastifyInstance, router: ReadRouter, secret: string, windowMs: number): PublicReads {
  const sign = (until: string) => createHmac('sha256', secret).update(until).digest('base64url');
  const wroteRecently = (request: FastifyRequest): boolean => {
    const cookie = request.headers.cookie;
    if (!cookie) return false;
    const value = cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${recentWriteCookie}=`))
      ?.slice(recentWriteCookie.length + 1);
    const [until, signature] = value?.split('.') ?? [];
    if (!until || !signature || Number(until) <= Date.now()) return false;
    const expected = Buffer.from(sign(until));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  // Only where replicas take reads: without them every read is the primary's already.
  if (router.replicas().length > 0) {
    app.addHook('onSend', async (request, reply) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || reply.statusCode >= 400) return;
      const until = String(Date.now() + windowMs);
      void reply.header(
        'set-cookie',
        `${recentWriteCookie}=${until}.${sign(until)}; Path=/api; Max-Age=${Math.ceil(windowMs / 1000)}; HttpOnly; SameSite=Lax`,
      );
    });
  }
  return {
    serve: (request, read) => router.during(wroteRecently(request), read),
    db: router.db,
    replicas: router.replicas,
    settleMs: router.settleMs,
  };
}
