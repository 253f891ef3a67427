// The API server for the search benchmark, in its own process (so the load generator does not share
// its event loop): buildApp + listen on loopback, exactly as main.ts does, on DATABASE_URL.
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/client';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  // The pages benchmark serves its pages in the built app's shell (BENCH_WEB_DIST); the others need no web app.
  WEB_DIST: process.env.BENCH_WEB_DIST ?? '/nonexistent',
});
const database = await openPostgres(config.databaseUrl!);
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

// With BENCH_LOOP_FILE set (bench:chat), every second appends this process's longest event-loop
// stall and its garbage-collection time in that second, to line up with the latency over time.
if (process.env.BENCH_LOOP_FILE) {
  const { monitorEventLoopDelay, PerformanceObserver } = await import('node:perf_hooks');
  const fs = await import('node:fs');
  const file = process.env.BENCH_LOOP_FILE;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    fs.appendFileSync(file, `${JSON.stringify({ at: Date.now(), stallMs: delay.max / 1e6, gcMs, gcMaxMs })}\n`);
    delay.reset();
    gcMs = 0;
    gcMaxMs = 0;
  }, 1000).unref();
}

// With BENCH_CACHE_FILE set (bench:search), every half second this process's search cache counts,
// memory and processor time replace the file's content, for the benchmark to read after a run.
if (process.env.BENCH_CACHE_FILE) {
  const fs = await import('node:fs');
  const file = process.env.BENCH_CACHE_FILE;
  setInterval(() => {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    // Written beside it and renamed: a reader never sees half a file.
    fs.writeFileSync(
      `${file}.new`,
      JSON.stringify({
        ...app.jobSearch.cacheStats(),
        rssMb: memory.rss / 2 ** 20,
        heapMb: memory.heapUsed / 2 ** 20,
        cpuMs: (cpu.user + cpu.system) / 1000,
      }),
    );
    fs.renameSync(`${file}.new`, file);
  }, 500).unref();
}
