import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { oncePerDatabase, queryPrepared, type Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('queryPrepared', () => {
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

describe('oncePerDatabase', () => {
  it('builds a prepared statement once per database object and runs it with new values, inside a transaction too', async () => {
    let builds = 0;
    const statement = oncePerDatabase((db) => {
      builds++;
      return db
        .select({ sum: sql<number>`${sql.placeholder('a')}::int + 1` })
        .from(sql`(select 1) as one`)
        .prepare('test_once_per_database');
    });
    for (let i = 0; i < 12; i++) expect(await statement(database.db).execute({ a: i })).toEqual([{ sum: i + 1 }]);
    expect(builds).toBe(1);
    const inTx = await database.db.transaction(async (tx) => statement(tx).execute({ a: 41 }));
    expect(inTx).toEqual([{ sum: 42 }]);
    expect(builds).toBe(2);
  });
});
