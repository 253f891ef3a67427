import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from '../lib/data-dir-lock';
import { openPglite, openPostgres, type Database } from './client';

/** Opens the configured database (PGlite under DATA_DIR, or DATABASE_URL) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    await database.migrate();
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
