import { defineConfig } from 'vitest/config';

const target = process.env.TEST_DB ?? 'pglite';

export default defineConfig({
  test: {
    name: `server (${target})`,
    include: ['src/**/*.test.ts'],
    // The kill -9 test is about the embedded database; the PostgreSQL pass has nothing to add there.
    // A database server that goes away (outage.test) and the pool's failures (db/pool.test) are about
    // DATABASE_URL, so they run in the PostgreSQL pass.
    // Two server processes sharing one database (realtime-redis, reminders-processes, search-cache-processes,
    // job-alerts-processes) need a
    // PostgreSQL server too.
    // `*.cluster.test.ts` start servers of their own: vitest.cluster.config.ts, a suite of its own.
    exclude:
      target === 'postgres'
        ? ['src/test/crash.test.ts', 'src/**/*.cluster.test.ts', '**/node_modules/**']
        : [
            'src/**/*.cluster.test.ts',
            'src/test/outage.test.ts',
            'src/db/pool.test.ts',
            'src/db/migrate.test.ts',
            'src/realtime/realtime-redis.test.ts',
            'src/modules/interviews/reminders-processes.test.ts',
            'src/modules/jobs/search-cache-processes.test.ts',
            'src/modules/job-alerts/job-alerts-processes.test.ts',
            '**/node_modules/**',
          ],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
