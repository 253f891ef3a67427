// The API server for the search benchmark, in its own process (so the load generator does not share
// its event loop): buildApp + listen on loopback, exactly as main.ts does, on DATABASE_URL.
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { bucketOf, buckets } from '../common';
import { monotonicMicros } from './profile';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  WEB_DIST: '/nonexistent',
});
const database = await openPostgres(config.databaseUrl!);
const app = await buildApp({ config, database });
// Each search's time in this server (BENCH_CACHE_FILE below), counted by a hook added before it listens.
const requestMs = new Array<number>(buckets).fill(0);
// And each search's answer stamped with the moments it was read and handed to the socket (the
// monotonic clock in µs, which the benchmark's process reads too), to split a searcher's wait.
const readAt = new WeakMap<object, number>();
if (process.env.BENCH_CACHE_FILE) {
  app.addHook('onRequest', async (request) => {
    readAt.set(request, monotonicMicros());
  });
  app.addHook('onSend', async (request, reply) => {
    const read = readAt.get(request);
    if (read !== undefined) void reply.header('x-bench-read', read).header('x-bench-done', monotonicMicros());
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/jobs/')) requestMs[bucketOf(reply.elapsedTime)]!++;
  });
}
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

// With BENCH_CACHE_FILE set (bench:search), every half second this process's search cache counts
// and memory replace the file's content, for the benchmark to read at the end of a phase, with what
// it takes apart from the searchers' own clocks (counted since the start: the benchmark takes a
// phase's start from its end):
// - `requestMs`: each search's time in this server, from its request read to its answer sent
//   (Fastify's onRequest to onResponse), as counts in the buckets of bench/common.ts `bucketOf`;
// - `loopMs`: how late a timer asked for every millisecond ran, the same way: what a request that
//   arrives then waits before it is read, while the event loop runs something else;
// - `cpuMs`: the processor time this process used.
if (process.env.BENCH_CACHE_FILE) {
  const fs = await import('node:fs');
  const file = process.env.BENCH_CACHE_FILE;
  const loopMs = new Array<number>(buckets).fill(0);
  let due = performance.now() + 1;
  const tick = () => {
    const now = performance.now();
    loopMs[bucketOf(now - due)]!++;
    due = now + 1;
    setTimeout(tick, 1).unref();
  };
  setTimeout(tick, 1).unref();
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
        requestMs,
        loopMs,
        cpuMs: (cpu.user + cpu.system) / 1000,
      }),
    );
    fs.renameSync(`${file}.new`, file);
  }, 500).unref();
}
