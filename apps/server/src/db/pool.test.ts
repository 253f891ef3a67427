/**
 * The node-postgres pool of `openPostgres` when connections fail (a BEGIN that fails, a connection
 * the server ends mid-transaction). PostgreSQL pass only (vitest.config.ts): PGlite has no pool.
 */
import { once, type EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { openPostgres, queryRows, type Database } from './client';

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
          const client = (tx as unknown as { session: { client: EventEmitter } }).session.client;
          const ended = once(client, 'end');
          await queryRows(killer.db, sql`select pg_terminate_backend(${me!.pid})`);
          // The client is idle and checked out while its connection ends: no uncaught 'error' may follow.
          await ended;
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
