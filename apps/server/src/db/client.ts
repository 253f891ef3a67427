import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A PostgreSQL server's address (tests open connections of their own to it). */
  url?: string;
  migrate(): Promise<void>;
  /** PostgreSQL server only: how many migrations this database lacks (start checks it with MIGRATE_ON_START=0). */
  pendingMigrations?(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, to clone a migrated database quickly. */
  dump?(): Promise<Blob>;
}

/** Rows of a hand-written query, typed by the caller (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const preparedTexts = new Map<string, string>();

/**
 * Rows of a statement that runs on most requests, prepared once per connection under `name`:
 * PostgreSQL then plans it once instead of at every call (planning the chat room's eight-table read
 * took 3 ms, running it 0.25 ms). A name must always go with the same text; a second text under one
 * name is a programming error and throws. PGlite runs it as any other statement.
 */
export async function queryPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const session = (db as unknown as { _: { session: PreparingSession } })._.session;
  const compiled = session.dialect.sqlToQuery(query);
  checkPreparedName(name, compiled.sql);
  const result = (await session.prepareQuery(compiled, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Throws when `name` was used before with another text (node-postgres would refuse it per connection). */
function checkPreparedName(name: string, text: string): void {
  const known = preparedTexts.get(name);
  if (known === undefined) preparedTexts.set(name, text);
  else if (known !== text) throw new Error(`prepared statement "${name}" was used with two texts`);
}

/**
 * `build(db)` made once per database object and kept with it: for statements built with drizzle's
 * query builder and `.prepare(name)` that run on most requests (building one each time costs more
 * than running it; `sql.placeholder` carries the values).
 */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    if (!built.has(db)) built.set(db, build(db));
    return built.get(db)!;
  };
}

interface PreparingSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Open PGlite in a folder (or in memory with no folder, or from a dump for tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, btree_gist },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/**
 * A pool whose transactions never lose a client. drizzle's `transaction()` (0.45) sends BEGIN before
 * its try/finally, so a BEGIN that fails (the server went away at that moment) never released its
 * client: each such failure cost the pool a connection for good, and a pool that lost all of them
 * waited forever. A client handed out without a callback (drizzle's transactions; `pool.query` uses
 * a callback) is released, and dropped, when its first statement is a BEGIN that fails.
 */
function releaseFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  (pool as unknown as { connect: unknown }).connect = (callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      // The guard is an own property over the prototype's query(), deleted at the first call, so
      // guards never pile up over a client's many checkouts.
      const own = client as unknown as { query?: unknown };
      delete own.query;
      const query = client.query as unknown as (...args: unknown[]) => unknown;
      own.query = (...args: unknown[]) => {
        delete own.query;
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
        const result = query.apply(client, args);
        if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          client.release(error instanceof Error ? error : new Error(String(error)));
          throw error;
        });
      };
      return client;
    });
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = openPool(url, options.max ?? 10);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migrateLocked(pool),
    pendingMigrations: async () => {
      const { rows: table } = await pool.query<{ found: boolean }>(
        `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
      );
      const { rows } = table[0]?.found
        ? await pool.query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations')
        : { rows: [] };
      const last = Number(rows[0]?.last ?? -1);
      return readMigrationFiles({ migrationsFolder }).filter((m) => m.folderMillis > last).length;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** The advisory lock every process takes to migrate a database: any number, the same everywhere. */
const migrationLock = 72_460_135_53;

/**
 * Migrates under a session advisory lock, so that processes starting at once take turns: the first
 * applies what is missing, the others then find nothing to do (drizzle's migrator alone would race
 * on its own schema and table). The lock goes with the connection if the process dies.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLock]);
    }
  } finally {
    client.release();
  }
}

function openPool(url: string, max: number): pg.Pool {
  // Stated time-outs, so a database that went away makes requests fail fast (503) instead of hanging;
  // the pool makes new connections on demand, so it heals by itself when the database is back.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    query_timeout: 15_000,
    keepAlive: true,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports errors.
  });
  pool.on('connect', (client) => {
    // A checked-out client between two queries has no listener of the pool's: without this one, a
    // connection the server ends then (a restart, an outage) is an uncaught exception. The query
    // that uses it next fails, and the pool drops it when it is released.
    client.on('error', () => undefined);
  });
  releaseFailedBegin(pool);
  return pool;
}
