import { defineConfig } from 'vitest/config';

/**
 * The production shape on this machine (`*.cluster.test.ts`): a PostgreSQL primary with a streaming
 * replica, Redis and HAProxy, each test file making its own in a temporary folder on free ports from
 * Debian's packages. `npm test` runs it as a suite of its own (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['src/**/*.cluster.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
