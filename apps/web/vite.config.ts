import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/socket.io': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/socket.io': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-report.mjs (first-load size per screen).
    manifest: true,
    rolldownOptions: {
      output: {
        // Framework code changes far less often than the app: long-lived, separately cached
        // chunks with names that say what they hold.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|immer|reselect|redux|react-redux|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
