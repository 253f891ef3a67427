import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { MigrationsPendingError, openConfiguredDatabase } from './db/open';
import { ensureAdmin } from './seed/admin';
import { seedDemo } from './seed/demo';
import { DataDirLockedError } from './lib/data-dir-lock';
import { createLocalStorage } from './lib/storage';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  if (config.admin) await ensureAdmin(database.db, config.admin.email, config.admin.password);
  const storage = createLocalStorage(path.join(config.dataDir, 'uploads'));
  const seeded = config.seedDemo ? await seedDemo(database.db, storage) : false;
  const app = await buildApp({ config, database, storage });
  if (seeded) app.log.info('seeded demo data (password demo-pass-123 for admin@, employer@, recruiter@ and seeker@example.com)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000 + config.shutdownDrainMs);
    force.unref();
    try {
      // Behind a load balancer: not ready first, so its checks send new requests elsewhere; then close.
      if (config.shutdownDrainMs > 0) {
        app.startDraining();
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.productName} is ready on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof MigrationsPendingError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
