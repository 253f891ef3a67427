import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Tests that need a module graph of their own: they check what loads lazily into the app's one
 * store (RTK Query off a visitor's first load, a slice arriving later) or replace a module that a
 * screen loads on first use. Every other file shares one graph per worker (`isolate: false`), which
 * halves the suite's time: most of it was spent building jsdom and importing React and Mantine again
 * for each of 56 files.
 */
const freshModules = [
  'src/app/error-boundary.test.tsx',
  'src/app/fallback-unavailable.test.tsx',
  'src/lib/store.test.ts',
  'src/features/jobs/use-job-search.test.tsx',
  'src/features/jobs/use-job-search-preload.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Screens render in jsdom on 2 shared cores: a few full-screen tests take 2-5 s there, so the
    // 5 s default left no margin. No test waits on a timer for its assertions; this only bounds a hang.
    testTimeout: 15_000,
    projects: [
      { extends: true, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: freshModules, isolate: false } },
      { extends: true, test: { name: 'web, fresh modules', include: freshModules } },
    ],
  },
});
