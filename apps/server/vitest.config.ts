import { defineConfig } from 'vitest/config';

const target = process.env.TEST_DB ?? 'pglite';

export default defineConfig({
  test: {
    name: `server (${target})`,
    include: ['src/**/*.test.ts'],
    // The kill -9 test is about the embedded database; the PostgreSQL pass has nothing to add there.
    exclude: target === 'postgres' ? ['src/test/crash.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
