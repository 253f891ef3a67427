import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Screens render in jsdom on 2 shared cores: a few full-screen tests take 2-5 s there, so the
    // 5 s default left no margin. No test waits on a timer for its assertions; this only bounds a hang.
    testTimeout: 15_000,
  },
});
