import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from '../lib/data-dir-lock';
import { openPglite, openPostgres, type Database } from './client';

/**
 * Opens the configured database (PGlite under DATA_DIR, or DATABASE_URL) and migrates it; with
 * MIGRATE_ON_START=0 a PostgreSQL server must have been migrated by `npm run migrate` already.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    try {
      if (config.migrateOnStart) await database.migrate();
      else {
        const pending = await database.pendingMigrations!();
        if (pending > 0) throw new MigrationsPendingError(pending);
      }
    } catch (error) {
      await database.close();
      throw error;
    }
    return database;
  }
  const pgDir = path.join(config.dataDir, 'pgdata');
  const unlock = lockDataDir(config.dataDir, pgDir);
  try {
    const database = await openPglite({ dataDir: pgDir });
    await database.migrate();
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** MIGRATE_ON_START=0 and the database lacks migrations: said in one line, as a bad setting is. */
export class MigrationsPendingError extends Error {
  constructor(pending: number) {
    super(`The database lacks ${pending} migration(s): run \`npm run migrate\` first (MIGRATE_ON_START=0 leaves migrating to it).`);
  }
}
