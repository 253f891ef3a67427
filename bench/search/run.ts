// npm run bench:search [-- --jobs 1000000 --concurrency 32 --rounds 8 --mix 5000 --writes 20 --ttl 300 --grace 300 --minutes 0 --fresh --database jp_bench_search]
//
// Seeds (or reuses) a PostgreSQL database of N synthetic jobs, starts the real API server
// (buildApp + listen on loopback, in a child process, bench/search/server.ts) and measures
// GET /api/jobs/ (docs/benchmarks/search.md):
//   1. first-time searches, the result cache off: latency by kind of query at concurrency 1, and
//      requests a second at concurrency `concurrency`; beside them the same SQL statements replayed
//      bare on node-postgres, and a naive ILIKE '%word%' search for the word queries;
//   2. the result cache on (SEARCH_CACHE_TTL=`ttl`, SEARCH_CACHE_GRACE=`grace`): the same queries
//      asked again, at concurrency 1 and `concurrency`;
//   3. the cache on: a realistic mix of `mix` distinct searches drawn by Zipf (exponent 1.1) at
//      concurrency `concurrency`, each asked once first (a server that has seen its searches), for
//      twice the time to live (or `minutes`), printed minute by minute; then, on the same server,
//      the same mix with `writes` job writes a second (new jobs, edits, closes; undone afterwards)
//      for as long. The steady state is the last time to live of each run: answers expire and are
//      computed again there.
// Prints a table and writes bench/results/search-<time>.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ms, startServer, stats, stopServer, type Stats } from '../common';
import { jobSearchQuery } from '../../packages/shared/src/index';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { utcToday } from '../../apps/server/src/lib/dates';
import { createJobSearchService } from '../../apps/server/src/modules/jobs/job-search.service';
import { createRandom } from '../../apps/server/src/seed/job-text';
import { benchQueries, type BenchQuery } from './queries';
import { buildSearches, startWriteLoad, zipf } from './mix';
import { seedBenchDatabase } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '8' },
    /** Seconds of the first-time throughput run. */
    duration: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
    /** Distinct searches of the Zipf mix (0 leaves the mix out). */
    mix: { type: 'string', default: '5000' },
    /** Job writes a second during the mix's second run (0 leaves it out). */
    writes: { type: 'string', default: '20' },
    /** The cache's time to live and grace in seconds, as SEARCH_CACHE_TTL and SEARCH_CACHE_GRACE. */
    ttl: { type: 'string', default: '600' },
    grace: { type: 'string', default: '300' },
    /** Minutes of each mix run (0: twice the time to live). */
    minutes: { type: 'string', default: '0' },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_search' },
  },
});
const jobCount = Number(args.jobs);
const durationSeconds = Number(args.duration);
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const ttlSeconds = Number(args.ttl);
const graceSeconds = Number(args.grace);
const mixSeconds = Number(args.minutes) > 0 ? Number(args.minutes) * 60 : 2 * ttlSeconds;
const log = (line: string) => console.log(line);

// ---------- statistics ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** One GET on the shared keep-alive agent: its status and time. */
function get(url: string): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }),
        );
      })
      .on('error', reject);
  });
}

const urlOf = (base: string, query: BenchQuery) => `${base}/api/jobs/${query.query ? `?${query.query}` : ''}`;

async function latencyAtOne(base: string): Promise<{ all: Stats; byKind: Record<string, Stats>; errors: number }> {
  for (const query of benchQueries) await get(urlOf(base, query)); // warm-up: PostgreSQL buffers, plans, the cache when on
  const samples: number[] = [];
  const byKind: Record<string, number[]> = {};
  let errors = 0;
  for (let r = 0; r < rounds; r++) {
    for (const query of benchQueries) {
      const res = await get(urlOf(base, query));
      if (res.status !== 200) errors++;
      samples.push(res.ms);
      (byKind[query.kind] ??= []).push(res.ms);
    }
  }
  return { all: stats(samples), byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, stats(v)])), errors };
}

async function throughput(base: string): Promise<{ rps: number; requests: number; errors: number; latency: Stats }> {
  let next = 0;
  let requests = 0;
  let errors = 0;
  const samples: number[] = [];
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const query = benchQueries[next++ % benchQueries.length]!;
        const res = await get(urlOf(base, query));
        requests++;
        samples.push(res.ms);
        if (res.status !== 200) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: requests / seconds, requests, errors, latency: stats(samples) };
}

// ---------- the same SQL, bare ----------
interface Recorded {
  text: string;
  values: unknown[];
  /** Statements of one unit ran on one connection in this order (a transaction, or one pool query). */
  unit: number;
}

type QueryFn = (config: unknown, values?: unknown) => Promise<unknown>;
const asRecorded = (config: unknown, values: unknown, unit: number): Recorded | undefined => {
  if (typeof config === 'string') return { text: config, values: Array.isArray(values) ? values : [], unit };
  if (config && typeof config === 'object' && 'text' in config) {
    const c = config as { text: string; values?: unknown[] };
    return { text: c.text, values: c.values ?? (Array.isArray(values) ? values : []), unit };
  }
  return undefined;
};

/** Records the statements the search service runs for each query, then replays them on node-postgres. */
async function bareSql(databaseUrl: string): Promise<{ all: Stats; perQuery: Array<{ query: string; p50: number }> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let recording: Recorded[] | null = null;
  let units = 0;
  const poolQuery = pool.query.bind(pool) as QueryFn;
  // Each pool query is a unit of its own; the client it checks out records its statements.
  let nextUnit = 0;
  (pool as unknown as { query: QueryFn }).query = (config, values) => {
    nextUnit = ++units;
    return poolQuery(config, values);
  };
  // Pool.query itself checks out a client with a callback; both forms must keep working.
  type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  const poolConnect = pool.connect.bind(pool) as unknown as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const wrapped = new WeakSet<pg.PoolClient>();
  const unitOf = new WeakMap<pg.PoolClient, number>();
  const watch = (client: pg.PoolClient, unit: number) => {
    unitOf.set(client, unit);
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Pass every argument on: Pool.query calls this with a callback.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const entry = recording && asRecorded(args[0], args[1], unitOf.get(client)!);
      if (entry) recording!.push(entry);
      return clientQuery(...args);
    };
  };
  (pool as unknown as { connect: (callback?: ConnectCallback) => unknown }).connect = (callback?: ConnectCallback) => {
    if (callback) {
      return poolConnect((error, client, done) => {
        if (client) watch(client, nextUnit);
        callback(error, client, done);
      });
    }
    return poolConnect()!.then((client) => {
      watch(client, ++units);
      return client;
    });
  };
  const db = drizzle(pool, { schema }) as unknown as Db;
  const service = createJobSearchService({ db });
  const plans: Recorded[][] = [];
  for (const q of benchQueries) {
    recording = [];
    await service.search(jobSearchQuery.parse(Object.fromEntries(new URLSearchParams(q.query))));
    plans.push(recording);
    recording = null;
  }
  // Replayed as the service runs them: each page unit (on its own connection) beside the chain of
  // the other statements, the same parallelism as the API's.
  const replayClient = new pg.Client({ connectionString: databaseUrl });
  await replayClient.connect();
  const replay = async (plan: Recorded[]) => {
    const started = performance.now();
    const pageUnits = new Set(plan.filter((r) => r.text.includes('with page as')).map((r) => r.unit));
    await Promise.all([
      (async () => {
        for (const r of plan.filter((x) => pageUnits.has(x.unit))) await replayClient.query({ text: r.text, values: r.values });
      })(),
      (async () => {
        for (const r of plan.filter((x) => !pageUnits.has(x.unit))) await poolQuery({ text: r.text, values: r.values });
      })(),
    ]);
    return performance.now() - started;
  };
  for (const plan of plans) await replay(plan);
  const samples: number[] = [];
  const perQuery: number[][] = plans.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, plan] of plans.entries()) {
      const t = await replay(plan);
      samples.push(t);
      perQuery[i]!.push(t);
    }
  }
  await replayClient.end();
  await pool.end();
  return { all: stats(samples), perQuery: benchQueries.map((q, i) => ({ query: q.query, p50: stats(perQuery[i]!).p50 })) };
}

/** A naive search: ILIKE '%word%' over the texts, newest 20 and the count, beside each other. */
async function naiveIlike(databaseUrl: string): Promise<{ all: Stats; words: string[] }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const where = `j.status = 'open' and (j.application_deadline is null or j.application_deadline >= $2::date) and c.is_approved
    and (j.title ilike $1 or j.description ilike $1 or j.responsibilities ilike $1 or j.qualifications ilike $1 or j.nice_to_have ilike $1)`;
  const from = 'from jobs j join companies c on c.id = j.company_id';
  const words = benchQueries.flatMap((q) => (q.ilike ? [q.ilike] : []));
  const run = async (word: string) => {
    const started = performance.now();
    const values = [`%${word}%`, utcToday()];
    await Promise.all([
      pool.query(`select j.id, j.title ${from} where ${where} order by j.posted_at desc limit 20`, values),
      pool.query(`select count(*) ${from} where ${where}`, values),
    ]);
    return performance.now() - started;
  };
  for (const word of words) await run(word);
  const samples: number[] = [];
  for (let r = 0; r < Math.max(2, Math.ceil(rounds / 2)); r++) for (const word of words) samples.push(await run(word));
  await pool.end();
  return { all: stats(samples), words };
}

/** The bare-SQL time of the word queries alone, to set beside ILIKE on the same words. */
function wordQueriesOf(bare: { perQuery: Array<{ query: string; p50: number }> }) {
  const words = new Set(benchQueries.filter((q) => q.ilike).map((q) => q.query));
  return bare.perQuery.filter((p) => words.has(p.query)).map((p) => p.p50);
}

// ---------- the Zipf mix with the result cache ----------

interface MixRun {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  latency: Stats;
  /** Requests a second in each minute of the run. */
  perMinute: number[];
  /** Requests a second over the last time to live of the run (answers expire and are computed again there). */
  steadyRps: number;
  writes?: { writes: number; errors: number };
  /** The server's cache counts over the run, and its memory at the end. */
  cache?: Record<string, number>;
}

async function mixRun(
  name: string,
  base: string,
  searches: string[],
  writeRate: number,
  databaseUrl: string,
  statsFile: string,
): Promise<MixRun> {
  const draw = zipf(searches.length, 1.1, createRandom(97));
  const writer = writeRate > 0 ? startWriteLoad(databaseUrl, writeRate, null) : undefined;
  const before = readStats(statsFile);
  const started = performance.now();
  const deadline = started + mixSeconds * 1000;
  const perSecond = new Array<number>(Math.ceil(mixSeconds) + 1).fill(0);
  const samples: number[] = [];
  let requests = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const query = searches[draw()]!;
        const res = await get(`${base}/api/jobs/?${query}`);
        requests++;
        if (res.status !== 200) errors++;
        samples.push(res.ms);
        perSecond[Math.floor((performance.now() - started) / 1000)]!++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const w = writer ? await writer.stop() : undefined;
  const minutes = Math.ceil(mixSeconds / 60);
  const perMinute = Array.from({ length: minutes }, (_, m) => {
    const slice = perSecond.slice(m * 60, Math.min((m + 1) * 60, mixSeconds));
    return slice.reduce((a, b) => a + b, 0) / Math.max(1, slice.length);
  });
  const steady = perSecond.slice(Math.max(0, mixSeconds - ttlSeconds), mixSeconds);
  const after = readStats(statsFile);
  // Counts since the run began; memory and sizes as they are at its end.
  const counted = ['hits', 'stale', 'misses', 'notKept', 'drops', 'computations', 'cpuMs'];
  const cache = after && Object.fromEntries(Object.entries(after).map(([k, v]) => [k, counted.includes(k) ? v - (before?.[k] ?? 0) : v]));
  return {
    name,
    requests,
    errors,
    rps: requests / seconds,
    latency: stats(samples),
    perMinute,
    steadyRps: steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length),
    ...(w ? { writes: { writes: w.writes, errors: w.errors } } : {}),
    ...(cache ? { cache } : {}),
  };
}

/** The server's cache counts and memory, as bench/search/server.ts writes them every half second. */
function readStats(file: string): Record<string, number> | undefined {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return undefined;
  }
}

// ---------- main ----------

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  jobs: jobCount,
  ttlSeconds,
  graceSeconds,
};

log(`Job search benchmark: ${jobCount.toLocaleString('en')} jobs, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
const seeded = await seedBenchDatabase({ serverUrl: args['server-url'], database: args.database, jobs: jobCount, fresh: args.fresh, log });
const databaseUrl = seeded.url;
if (!seeded.reused) log(`seeded in ${seeded.seconds.toFixed(1)} s`);
results.seedSeconds = seeded.reused ? null : seeded.seconds;

// 1. First-time searches: no cache.
{
  const { base, child } = await startServer(databaseUrl, { SEARCH_CACHE_TTL: '0' });
  const cold = await latencyAtOne(base);
  const load = await throughput(base);
  await stopServer(child);
  const bare = await bareSql(databaseUrl);
  const naive = await naiveIlike(databaseUrl);
  const words = wordQueriesOf(bare);
  results.firstTime = { cold, load, bare: bare.all, naive: naive.all };
  log('\nFirst-time searches (cache off), ms          p50     p95     p99');
  log(
    `  API, every query at concurrency 1       ${ms(cold.all.p50).padStart(7)} ${ms(cold.all.p95).padStart(7)} ${ms(cold.all.p99).padStart(7)}`,
  );
  for (const [kind, s] of Object.entries(cold.byKind))
    log(
      `    ${kind.padEnd(36)} ${ms(s.p50).padStart(7)} ${ms(s.p95).padStart(7)} ${ms(s.p99).padStart(7)}${s.p95 <= 50 ? '' : '   over 50 ms'}`,
    );
  log(
    `  the same SQL, bare (node-postgres)      ${ms(bare.all.p50).padStart(7)} ${ms(bare.all.p95).padStart(7)} ${ms(bare.all.p99).padStart(7)}`,
  );
  log(
    `  naive ILIKE on the word queries         ${ms(naive.all.p50).padStart(7)} ${ms(naive.all.p95).padStart(7)} ${ms(naive.all.p99).padStart(7)}`,
  );
  log(`  word queries, bare SQL p50 ${ms(stats(words).p50)} ms against ILIKE ${ms(naive.all.p50)} ms`);
  log(`  at concurrency ${concurrency}: ${Math.round(load.rps)} req/s, p95 ${ms(load.latency.p95)} ms, ${load.errors} errors`);
}

// 2. Repeated searches: the cache on, every query asked before (answers served from it, each page checked).
{
  const { base, child } = await startServer(databaseUrl, {
    SEARCH_CACHE_TTL: String(ttlSeconds),
    SEARCH_CACHE_GRACE: String(graceSeconds),
  });
  const warm = await latencyAtOne(base);
  const load = await throughput(base);
  await stopServer(child);
  results.repeated = { warm, load };
  log('\nRepeated searches (cache on), ms             p50     p95     p99');
  log(
    `  API, every query at concurrency 1       ${ms(warm.all.p50).padStart(7)} ${ms(warm.all.p95).padStart(7)} ${ms(warm.all.p99).padStart(7)}`,
  );
  log(`  at concurrency ${concurrency}: ${Math.round(load.rps)} req/s, p95 ${ms(load.latency.p95)} ms, ${load.errors} errors`);
}

// 3. The Zipf mix with the cache, without writes and then with them.
const mixCount = Number(args.mix);
if (mixCount > 0) {
  const searches = await buildSearches(databaseUrl, mixCount);
  const statsFile = path.join(os.tmpdir(), `jp-bench-search-${process.pid}.json`);
  const writeRate = Number(args.writes);
  const runs: MixRun[] = [];
  log(
    `\nThe Zipf mix: ${searches.length} searches, concurrency ${concurrency}, SEARCH_CACHE_TTL=${ttlSeconds}, SEARCH_CACHE_GRACE=${graceSeconds}, ${mixSeconds} s a run`,
  );
  fs.rmSync(statsFile, { force: true });
  const { base, child } = await startServer(databaseUrl, {
    SEARCH_CACHE_TTL: String(ttlSeconds),
    SEARCH_CACHE_GRACE: String(graceSeconds),
    BENCH_CACHE_FILE: statsFile,
  });
  // The site has seen its searches: each asked once (not measured), as a server that has run a while.
  const warming = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < searches.length) await get(`${base}/api/jobs/?${searches[next++]!}`);
    }),
  );
  log(`  warm-up: every search asked once in ${((performance.now() - warming) / 1000).toFixed(0)} s`);
  for (const rate of writeRate > 0 ? [0, writeRate] : [0]) {
    const run = await mixRun(rate ? `with ${rate} writes/s` : 'without writes', base, searches, rate, databaseUrl, statsFile);
    runs.push(run);
    log(
      `  ${run.name}: ${Math.round(run.rps)} req/s over the run, ${Math.round(run.steadyRps)} req/s over its last ${ttlSeconds} s, p50 ${ms(run.latency.p50)} p95 ${ms(run.latency.p95)} p99 ${ms(run.latency.p99)} ms, ${run.errors} errors` +
        (run.writes ? `, ${run.writes.writes} writes (${run.writes.errors} failed)` : ''),
    );
    log(`    req/s minute by minute: ${run.perMinute.map((r) => Math.round(r)).join(', ')}`);
    if (run.cache) {
      const c = run.cache;
      log(
        `    cache: ${c.hits} fresh, ${c.stale} past their time (served while refreshed), ${c.misses} misses, ${c.computations} computations; ${c.entries} answers, ${((c.bytes ?? 0) / 2 ** 20).toFixed(1)} MB; server memory ${Math.round(c.rssMb ?? 0)} MB, processor ${((c.cpuMs ?? 0) / 1000).toFixed(0)} s`,
      );
    }
  }
  await stopServer(child);
  if (runs.length === 2)
    log(`  with writes: ${((100 * runs[1]!.steadyRps) / runs[0]!.steadyRps).toFixed(0)} % of the steady throughput without`);
  results.mix = runs;
  fs.rmSync(statsFile, { force: true });
}

const dir = path.join(here, '..', 'results');
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
log(`\nfigures written to ${path.relative(process.cwd(), file)}`);
