import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:8000';
const frameworkChunks = new Set(['react', 'router', 'redux']);

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
        // The entry lists every lazy chunk's file for preloading, so short names cost every first
        // load less: hash-only names (a letter first, so no name starts with a dash), except for the
        // framework groups below.
        chunkFileNames: (chunk) => (frameworkChunks.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c[hash].js'),
        assetFileNames: 'assets/a[hash][extname]',
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
