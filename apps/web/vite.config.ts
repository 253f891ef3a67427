import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:8000';
const frameworkChunks = new Set(['framework', 'redux-toolkit', 'rolldown-runtime']);
/** Loaded by the entry on every first load: a lazy chunk's list of files to preload need not name them. */
const loadedFirst = /^assets\/(framework|rolldown-runtime)-/;

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
    // No modulepreload polyfill (~0.3 KB gzipped on every first load): of Vite's default target
    // (Chrome/Edge 111, Firefox 114, Safari 16.4), only Firefox 114 and Safari 16.x lack
    // <link rel="modulepreload">, and there the modules still load, only without the head start.
    // The lists of files to preload with each lazy chunk leave out those the entry has loaded
    // already (the framework, Rolldown's runtime): 49 lists in the shell, ~0.2 KB of every first load.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !loadedFirst.test(dep)) : deps),
    },
    rolldownOptions: {
      output: {
        // The entry lists every lazy chunk's file for preloading, so short names cost every first
        // load less: hash-only names (a letter first, so no name starts with a dash) of 7 characters
        // (the fewest Rolldown allows for up to 4,096 chunks; 42 bits, no collision in sight), except
        // for the framework groups below.
        chunkFileNames: (chunk) => (frameworkChunks.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c[hash:7].js'),
        assetFileNames: 'assets/a[hash][extname]',
        // Framework code changes far less often than the app: long-lived, separately cached
        // chunks with names that say what they hold.
        codeSplitting: {
          groups: [
            // React, the router and the store (plain Redux and react-redux): on every screen, in one
            // file, since one gzip stream compresses them better than three (~1.2 KB).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|redux|redux-thunk|react-redux|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            // Redux Toolkit with RTK Query loads with the first screen that fetches, never with the
            // sign-in screens (docs/decisions/004).
            { name: 'redux-toolkit', test: /node_modules[\\/](@reduxjs|immer|reselect)[\\/]/, priority: 1 },
            // How things read: dates (lib/format), pay and places (lib/job-format) and the job words of the
            // shared vocabulary. Most screens use them together, and three files of a few hundred bytes
            // cost the job search's first load ~0.25 KB more than one (docs/decisions/010).
            { name: 'formats', test: /(src[\\/]lib[\\/](job-)?format|packages[\\/]shared[\\/]src[\\/]vocabulary[\\/]jobs)\.ts$/ },
            // The app shell (router, guard, layout, providers) and what every screen or every sign-in
            // screen uses (the page title, the signed-in note's loader, the sign-out reason, the sign-in
            // hooks, calls and card): a module that several lazy screens share otherwise lands in a
            // file of its own, a few hundred bytes each (docs/decisions/004).
            {
              name: 'shell',
              test: (id) =>
                /src[\\/]features[\\/]auth[\\/](api[\\/]|hooks[\\/]|components[\\/](auth-card|google-sign-in|already-signed-in-note)|validation|navigation-state)/.test(
                  id,
                ) ||
                /src[\\/](components[\\/](form-alert|use-page-title)|lib[\\/](forms[\\/]use-server-errors|title-count|session[\\/]sign-out-reason))/.test(
                  id,
                ) ||
                /src[\\/]app[\\/](router|guard|providers|layout[\\/]app-layout)\./.test(id) ||
                /@mantine[\\/]core[\\/]esm[\\/]components[\\/](TextInput|PasswordInput|Anchor)[\\/](TextInput|PasswordInput|Anchor)\.mjs/.test(
                  id,
                ),
            },
          ],
        },
      },
    },
  },
});
