/**
 * `npm run migrate`: applies the migrations the database lacks, once, under the migration lock (ten
 * processes started at once take turns; docs/decisions/022-migrations-and-the-cluster.md). With
 * DATABASE_URL; the embedded database migrates itself at `npm start`.
 */
import { ConfigError, loadConfig } from './config';
import { openPostgres } from './db/client';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.log('No DATABASE_URL: the embedded database migrates itself at npm start. Nothing to do.');
    return;
  }
  const database = await openPostgres(config.databaseUrl, { max: 2 });
  try {
    const pending = await database.pendingMigrations!();
    await database.migrate();
    console.log(pending > 0 ? `The database is up to date (it lacked ${pending} migration(s)).` : 'The database is up to date.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Migrating failed: ${String(error)}`);
  process.exit(1);
});
