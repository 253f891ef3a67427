/**
 * Migrations run once: ten processes migrating a fresh PostgreSQL database at once take turns under
 * the advisory lock (drizzle's migrator alone races on its schema and table); `npm run migrate` is
 * the command; with MIGRATE_ON_START=0 start refuses a database that lacks migrations.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../config';
import { connectAdmin } from '../test/server-admin';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from './client';
import { MigrationsPendingError, openConfiguredDatabase } from './open';

const target = inject('testDb');
const run = promisify(execFile);

describe.skipIf(target.kind !== 'postgres')('migrations on a PostgreSQL server', () => {
  const names: string[] = [];
  const serverUrl = target.kind === 'postgres' ? target.serverUrl : '';
  /** A new empty database (no migrations at all) on the test server. */
  async function freshDatabase(): Promise<string> {
    const name = `${target.runId}_fresh_${names.length}`;
    names.push(name);
    const admin = await connectAdmin(serverUrl);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  afterAll(async () => {
    const admin = await connectAdmin(serverUrl);
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  let url: string;
  beforeAll(async () => {
    url = await freshDatabase();
  });

  it('refuses to start with MIGRATE_ON_START=0 on a database that lacks migrations', async () => {
    const config = loadConfig({ DATABASE_URL: url, MIGRATE_ON_START: '0' });
    await expect(openConfiguredDatabase(config)).rejects.toThrow(MigrationsPendingError);
  });

  it('ten processes migrating a fresh database at once: each one finishes, every migration is applied once', async () => {
    const databases = await Promise.all(Array.from({ length: 10 }, () => openPostgres(url, { max: 2 })));
    try {
      const results = await Promise.allSettled(databases.map((database) => database.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await databases[0]!.pendingMigrations!()).toBe(0);
      const twice = await queryRows(databases[0]!.db, sql`select hash from drizzle.__drizzle_migrations group by hash having count(*) > 1`);
      expect(twice).toEqual([]);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });

  it('`npm run migrate` migrates a fresh database and then starts find it up to date', async () => {
    const fresh = await freshDatabase();
    const script = fileURLToPath(new URL('../migrate.ts', import.meta.url));
    const migrate = () => run(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, DATABASE_URL: fresh } });
    expect((await migrate()).stdout).toMatch(/up to date \(it lacked \d+ migration/);
    expect((await migrate()).stdout).toMatch(/^The database is up to date\.$/m);
    const database = await openConfiguredDatabase(loadConfig({ DATABASE_URL: fresh, MIGRATE_ON_START: '0' }));
    await database.close();
  });
});
