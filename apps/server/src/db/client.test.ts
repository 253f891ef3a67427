import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { openPostgres, queryPrepared, queryRows, type Database } from './client';

describe('queryPrepared', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a named statement again and again with new values, inside and outside a transaction', async () => {
    const add = (a: number, b: number) => sql`select ${a}::int + ${b}::int as sum`;
    // More calls than the pool has connections, and more than PostgreSQL's five custom plans.
    for (let i = 0; i < 12; i++) {
      const rows = await queryPrepared<{ sum: number }>(database.db, 'test_add', add(i, 1));
      expect(rows).toEqual([{ sum: i + 1 }]);
    }
    const inTx = await database.db.transaction((tx) => queryPrepared<{ sum: number }>(tx, 'test_add', add(40, 2)));
    expect(inTx).toEqual([{ sum: 42 }]);
  });

  it('refuses a second text under a name already used', async () => {
    await queryPrepared(database.db, 'test_one_text', sql`select 1 as one`);
    await expect(queryPrepared(database.db, 'test_one_text', sql`select 2 as two`)).rejects.toThrow(/two texts/);
  });
});

describe.skipIf(inject('testDb').kind !== 'postgres')('the PostgreSQL pool when connections fail', () => {
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
