// npm run bench:search-catch-up [-- --jobs 100000 --database jp_bench_search --seconds 10 --writes 20 --rate 50 --repeat 3 --profile]
//
// What a write costs the process that keeps search answers up to date, apart from HTTP traffic and
// from searchers competing for the cores: the search service alone (no server), its cache warmed
// with the benchmark's 5,000 Zipf searches (bench/search/mix.ts), then searched at a low rate
// (`rate` a second, enough for the catch-ups to run) for `seconds` without writes and then with
// `writes` job writes a second (bench:search's write load, whose client runs in this process too:
// 20 statements a second, little beside the catch-ups). Each run prints the process's processor
// time, the catch-ups' busy time and the answers brought up to date or dropped; the difference
// between the runs with and without writes, per write, is the figure to compare between two
// versions of the code (steadier than latencies, which depend on everything else the machine runs).
// Seeds the database as `bench:search` does, or reuses it (seed.ts). With `--profile`, each run with
// writes is profiled (V8's sampler, this thread only) and where its processor time went is printed.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { jobSearchQuery } from '../../packages/shared/src/index';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { createJobSearchService } from '../../apps/server/src/modules/jobs/job-search.service';
import { createRandom } from '../../apps/server/src/db/seed/job-text';
import { buildSearches, startWriteLoad, zipf } from './mix';
import { printSlice, sliceProfile } from './profile';
import { seedBenchDatabase } from './seed';

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    database: { type: 'string', default: 'jp_bench_search' },
    seconds: { type: 'string', default: '10' },
    writes: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
    repeat: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
  },
});
const { url: databaseUrl } = await seedBenchDatabase({
  serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: args.database,
  jobs: Number(args.jobs),
  log: (line) => console.log(`  ${line}`),
});
const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
const database = await openPostgres(databaseUrl);
const service = createJobSearchService({
  db: database.db,
  freshDb: database.quick,
  cacheSeconds: config.searchCacheSeconds,
  cacheEntries: config.searchCacheEntries,
  staleMs: config.searchStaleMs,
});
const searches = (await buildSearches(databaseUrl, 5000)).map((s) => jobSearchQuery.parse(Object.fromEntries(new URLSearchParams(s))));
const toPage = <T>(results: T[], count: number) => ({ results, count, next: null, previous: null });
const search = (i: number) => service.search(searches[i]!, toPage);

/** Every search once, the rarest first, eight at a time: the cache holds them all after. */
async function warm(): Promise<void> {
  let next = searches.length - 1;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next >= 0) await search(next--);
    }),
  );
  await service.settled();
}

interface Run {
  cpuMs: number;
  applyMs: number;
  catchUps: number;
  updated: number;
  /** Answers whose page had to be read (the jobs they newly show), and the statements that read them. */
  pageReads: number;
  pageStatements: number;
  dropped: number;
  /** Why answers were dropped (live-answers.ts `dropped`), during the run. */
  reasons: Record<string, number>;
  writes: number;
  /** New jobs not found within 30 s, with what their search answered (mix.ts `startWriteLoad`). */
  lost: string[];
}

/** `seconds` of Zipf searches at `rate` a second, with `writes` writes a second when above 0. */
async function run(writes: number, seed: number): Promise<Run> {
  await warm();
  const draw = zipf(searches.length, 1.1, createRandom(seed));
  const before = service.cacheStats()!;
  const writer =
    writes > 0
      ? startWriteLoad(databaseUrl, writes, (word, newestFirst) =>
          service.search(jobSearchQuery.parse({ search: word, ...(newestFirst ? { sort: 'newest' } : {}) }), toPage),
        )
      : undefined;
  const profiler = args.profile && writes > 0 ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + Number(args.seconds) * 1000;
  for (let i = 0; performance.now() < end; i++) {
    await search(draw());
    const due = started + ((i + 1) * 1000) / Number(args.rate);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await service.settled();
  const used = process.cpuUsage(cpu);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    const file = path.join(os.tmpdir(), `catch-up-${process.pid}-${seed}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    printSlice(sliceProfile(file, -Infinity, Infinity, 25), (line) => console.log(line));
    fs.rmSync(file);
  }
  const after = service.cacheStats()!;
  const written = writer ? await writer.stop() : undefined;
  return {
    cpuMs: (used.user + used.system) / 1000,
    applyMs: after.applyMs - before.applyMs,
    catchUps: after.catchUps - before.catchUps,
    updated: after.updated - before.updated,
    pageReads: after.pageReads - before.pageReads,
    pageStatements: after.pageStatements - before.pageStatements,
    dropped: after.dropped - before.dropped,
    reasons: Object.fromEntries(
      Object.entries(after.dropReasons)
        .map(([why, n]) => [why, n - (before.dropReasons[why] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    ),
    writes: written?.writes ?? 0,
    lost: written?.lost ?? [],
  };
}

const show = (name: string, r: Run) =>
  console.log(
    `  ${name.padEnd(16)} processor ${(r.cpuMs / 1000).toFixed(2)} s, catch-ups ${r.catchUps} busy ${(r.applyMs / 1000).toFixed(2)} s, ${r.updated.toLocaleString('en')} answers brought up to date (${r.pageReads.toLocaleString('en')} pages read in ${r.pageStatements} statements), ${r.dropped} dropped${
      r.dropped
        ? ` (${Object.entries(r.reasons)
            .map(([why, n]) => `${why} ${n}`)
            .join(', ')})`
        : ''
    }, ${r.writes} writes${r.lost.map((lost) => `; A NEW JOB NOT FOUND WITHIN 30 s: ${lost}`).join('')}`,
  );
console.log(
  `catch-up cost: ${searches.length.toLocaleString('en')} answers kept, ${args.rate} searches/s, ${args.seconds} s a run, ${args.database}`,
);
const perWrite: number[] = [];
const busyPerWrite: number[] = [];
for (let r = 0; r < Number(args.repeat); r++) {
  const quiet = await run(0, 100 + r);
  show(`without writes`, quiet);
  const busy = await run(Number(args.writes), 100 + r);
  show(`with ${args.writes} writes/s`, busy);
  perWrite.push((busy.cpuMs - quiet.cpuMs) / busy.writes);
  busyPerWrite.push(busy.applyMs / busy.writes);
}
const list = (v: number[]) => v.map((x) => x.toFixed(2)).join(', ');
console.log(`processor time a write costs: ${list(perWrite)} ms; catch-ups' busy time a write: ${list(busyPerWrite)} ms`);
await database.close();
