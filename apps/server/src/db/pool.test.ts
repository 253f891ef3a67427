/**
 * The node-postgres pool of `openPostgres` when connections fail (a BEGIN that fails, a connection
 * the server ends mid-transaction). PostgreSQL pass only (vitest.config.ts): PGlite has no pool.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSearchQuery } from '@jobportal/shared';
import { openTestDatabase } from '../test/harness';
import { createJobSearchService } from '../modules/jobs/job-search.service';
import { openPostgres, queryRows, type Database } from './client';
import { createCompany, createJob, createUser } from './seed/factories';

describe('the PostgreSQL pool when connections fail', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("gets its client back when a transaction's BEGIN fails", async () => {
    const one = await openPostgres(database.url!, { max: 1 });
    try {
      // An isolation level PostgreSQL does not know makes BEGIN itself fail.
      await expect(one.db.transaction(async () => undefined, { isolationLevel: 'nonsense' as never })).rejects.toThrow();
      // With the only client lost, this would wait for one and time out after 3 s.
      expect(await queryRows<{ one: number }>(one.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      // The guard leaves nothing behind on the client: a thousand transactions later it is the plain one.
      let client: object | undefined;
      for (let i = 0; i < 1000; i++) {
        await one.db.transaction(async (tx) => {
          client = (tx as unknown as { session: { client: object } }).session.client;
          await queryRows(tx, sql`select 1`);
        });
      }
      expect(Object.prototype.hasOwnProperty.call(client, 'query')).toBe(false);
    } finally {
      await one.close();
    }
  });

  it('survives the server ending a connection that a transaction holds between two statements', async () => {
    const one = await openPostgres(database.url!, { max: 1 });
    const killer = await openPostgres(database.url!, { max: 1 });
    try {
      await expect(
        one.db.transaction(async (tx) => {
          const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await queryRows(killer.db, sql`select pg_terminate_backend(${me!.pid})`);
          // The client is idle and checked out while its connection ends: no uncaught 'error' may follow.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await queryRows(tx, sql`select 1`);
        }),
      ).rejects.toThrow();
      expect(await queryRows<{ one: number }>(one.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await one.close();
      await killer.close();
    }
  });
});

describe('the quick lane beside the pool', () => {
  it('serves a cached search while every pool connection is busy: its freshness read has a connection of its own', async () => {
    const database = await openTestDatabase();
    const one = await openPostgres(database.url!, { max: 1 });
    const locker = await openPostgres(database.url!, { max: 1 });
    try {
      const owner = await createUser(database.db, { role: 'employer' });
      const company = await createCompany(database.db, owner.id, { isApproved: true });
      await createJob(database.db, company.id, { title: 'Lighthouse keeper' });
      const service = createJobSearchService({ db: one.db, freshDb: one.quick, cacheSeconds: 60 });
      const page = (results: unknown[], count: number) => ({ results, count, next: null, previous: null });
      const ask = () => service.search(jobSearchQuery.parse({ search: 'lighthouse' }), page as never);
      const first = await ask();
      expect(first.count).toBe(1);
      // The pool's only connection waits on a lock another connection holds.
      await locker.db.execute(sql`select pg_advisory_lock(4242)`);
      // (A drizzle query runs when it is awaited: then() starts it now.)
      const busy = one.db.execute(sql`select pg_advisory_lock(4242), pg_advisory_unlock(4242)`).then(() => 'done');
      // Wait until it is waiting on the lock, so the pool's connection is surely taken.
      for (let i = 0; i < 100; i++) {
        const [row] = await queryRows<{ n: number }>(
          locker.db,
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        if (row!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const waiting = new Promise((resolve) => setTimeout(() => resolve('still waiting for the pool'), 10_000));
      const served = await Promise.race([ask(), waiting]);
      await locker.db.execute(sql`select pg_advisory_unlock(4242)`);
      expect(await busy).toBe('done');
      expect(served).toEqual(first);
    } finally {
      await Promise.all([one.close(), locker.close()]);
      await database.close();
    }
  });
});
