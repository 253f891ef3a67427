// npm run bench:search-catch-up [-- --jobs 100000 --database jp_bench_search --seconds 10 --writes 20 --rate 50 --repeat 3 --profile --statements]
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
// writes is profiled (V8's sampler, this thread only) and where its processor time went is printed
// (with BENCH_KEEP_PROFILE=1 the profile is kept in the temporary folder, its path printed).
// With `--statements`, PostgreSQL's own time in each run is printed, in all and for the statements
// that took most (from pg_stat_statements, which the server must preload: shared_preload_libraries;
// the database is given the extension): steadier than the processor time the server's processes
// used, which counts what else the machine ran.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
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
    statements: { type: 'boolean', default: false },
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

/** One statement's figures from pg_stat_statements (`--statements`). */
interface StatementFigures {
  calls: string;
  ms: number;
  rows: string;
  query: string;
}

/** PostgreSQL's statement statistics (`--statements`), on a connection of their own: null when not kept (the reason is printed once). */
const statements = args.statements ? await openStatements() : null;
async function openStatements() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  } catch (error) {
    console.log(
      `  --statements: not kept (${(error as Error).message}; the server must preload pg_stat_statements: shared_preload_libraries)`,
    );
    await client.end();
    return null;
  }
  return {
    reset: () => client.query('select pg_stat_statements_reset()'),
    /** PostgreSQL's time in this database since the last reset: in all, and the statements that took most. */
    read: async () => {
      const { rows } = await client.query<StatementFigures>(
        `select calls, total_exec_time as ms, rows, regexp_replace(query, '\\s+', ' ', 'g') as query from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'
          order by total_exec_time desc`,
      );
      return { ms: rows.reduce((sum, r) => sum + r.ms, 0), top: rows.slice(0, 6) };
    },
    close: () => client.end(),
  };
}

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
  /** With `--statements`: PostgreSQL's time in the run, in all and for the statements that took most. */
  postgres?: { ms: number; top: StatementFigures[] };
}

/** `seconds` of Zipf searches at `rate` a second, with `writes` writes a second when above 0. */
async function run(writes: number, seed: number): Promise<Run> {
  await warm();
  await statements?.reset();
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
    if (process.env.BENCH_KEEP_PROFILE) console.log(`  profile kept: ${file}`);
    else fs.rmSync(file);
  }
  const after = service.cacheStats()!;
  const written = writer ? await writer.stop() : undefined;
  const postgres = await statements?.read();
  return {
    postgres,
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
const showStatements = (r: Run) => {
  if (!r.postgres) return;
  console.log(`    PostgreSQL's time: ${(r.postgres.ms / 1000).toFixed(2)} s in all; the most:`);
  for (const s of r.postgres.top)
    console.log(`      ${Math.round(s.ms).toString().padStart(6)} ms, ${s.calls} calls, ${s.rows} rows: ${s.query.slice(0, 90)}`);
};
console.log(
  `catch-up cost: ${searches.length.toLocaleString('en')} answers kept, ${args.rate} searches/s, ${args.seconds} s a run, ${args.database}`,
);
const perWrite: number[] = [];
const busyPerWrite: number[] = [];
const postgresPerWrite: number[] = [];
for (let r = 0; r < Number(args.repeat); r++) {
  const quiet = await run(0, 100 + r);
  show(`without writes`, quiet);
  showStatements(quiet);
  const busy = await run(Number(args.writes), 100 + r);
  show(`with ${args.writes} writes/s`, busy);
  showStatements(busy);
  if (busy.postgres && quiet.postgres) postgresPerWrite.push((busy.postgres.ms - quiet.postgres.ms) / busy.writes);
  perWrite.push((busy.cpuMs - quiet.cpuMs) / busy.writes);
  busyPerWrite.push(busy.applyMs / busy.writes);
}
const list = (v: number[]) => v.map((x) => x.toFixed(2)).join(', ');
console.log(
  `processor time a write costs: ${list(perWrite)} ms; catch-ups' busy time a write: ${list(busyPerWrite)} ms${
    postgresPerWrite.length ? `; PostgreSQL's time a write (the write itself included): ${list(postgresPerWrite)} ms` : ''
  }`,
);
await statements?.close();
await database.close();
