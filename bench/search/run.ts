// npm run bench:search [-- --jobs 1000000 --duration 10 --concurrency 32 --rounds 8 --mix 5000 --writes 20 --open-rate 100 --repeat 1 --fresh --profile --mix-only --rate-only --writes-elsewhere --no-probes --burn idle,normal]
//
// Seeds (or reuses) a PostgreSQL database of N synthetic jobs, starts the real API server
// (buildApp + listen on loopback, in a child process) and measures GET /api/jobs/?search=… over a
// mix of word, phrase, typo, filter and browse queries:
//   - latency p50/p95/p99 at concurrency 1, without the result cache (cold) and with it (cached);
//   - requests per second at concurrency 32 for a bounded time, both ways;
//   - the same SQL statements the API runs, replayed bare on node-postgres (no HTTP, no app);
//   - a naive ILIKE '%word%' search over the same rows, for the word queries;
//   - a realistic mix (bench/search/mix.ts): `mix` distinct searches drawn by Zipf (exponent 1.1),
//     result cache on, at concurrency 32; then the same with `writes` job writes a second (new jobs,
//     edits, closes; undone afterwards) and how long a new job takes to be found;
//   - the same mix offered at a fixed rate (`open-rate` searches a second, Poisson arrivals, latency
//     from each search's due time), without writes and then with them: at concurrency 32 the machine
//     is always saturated, so every computation there delays the searches queued behind it; at a
//     fixed rate below saturation the two runs compare what a searcher waits.
// Prints a table and writes bench/results/search-<time>.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawn, type ChildProcess } from 'node:child_process';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { bucketStats, ms, startServer, stats, stopServer, type Stats } from '../common';
import { jobSearchQuery } from '../../packages/shared/src/index';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { utcToday } from '../../apps/server/src/lib/dates';
import { createJobSearchService } from '../../apps/server/src/modules/jobs/job-search.service';
import { benchQueries, type BenchQuery } from './queries';
import { createRandom } from '../../apps/server/src/db/seed/job-text';
import { buildSearches, startWriteLoad, zipf } from './mix';
import { seedBenchDatabase } from './seed';
import { monotonicMicros, printSlice, profilesSince, sliceProfile, type ThreadSlice } from './profile';
import { postgresCpuMs } from './postgres-cpu';
import { fixedWorkMs, stealMs } from './machine';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '8' },
    fresh: { type: 'boolean', default: false },
    /** Distinct searches of the Zipf mix (0 leaves the mix out). */
    mix: { type: 'string', default: '5000' },
    /** Job writes a second during the mix's second run (0 leaves it out). */
    writes: { type: 'string', default: '20' },
    /** Searches a second of the mix's fixed-rate runs (0 leaves them out). */
    'open-rate': { type: 'string', default: '100' },
    /**
     * How many times the fixed-rate runs (without writes, then with them) are made, each after a
     * warm-up: one run's p95 varies by a third from run to run, so comparing two versions of the
     * code takes several.
     */
    repeat: { type: 'string', default: '1' },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_search' },
    /** Only the realistic mix's runs (no per-kind latencies, bare SQL or ILIKE), printed as they end: to compare changes quickly. */
    'mix-only': { type: 'boolean', default: false },
    /**
     * The writes go to a copy of the database (made from it as a template) that the server does not
     * read: the machine does the same writes, the searches follow none (what the writes cost the
     * searches by themselves, apart from keeping the answers up to date). No new job is looked for.
     */
    'writes-elsewhere': { type: 'boolean', default: false },
    /**
     * The writes go to the database the server reads, but no new job is looked for: what keeping
     * the answers up to date costs the searches, without the probes' own searches.
     */
    'no-probes': { type: 'boolean', default: false },
    /**
     * With writes: also burns processor time in two processes of their own during each run with
     * writes, `idle,normal` milliseconds 20 times a second (the first in Linux's idle scheduling
     * class, as the search thread, the second in the normal class, as PostgreSQL): with
     * `--writes-elsewhere`, a load of the upkeep's size and kind that is not search at all.
     */
    burn: { type: 'string', default: '' },
    /** With `--mix-only`: only the fixed-rate runs (no cold cache, no runs at concurrency `concurrency`), to compare their latencies quickly. */
    'rate-only': { type: 'boolean', default: false },
    /**
     * Writes a V8 CPU profile of the mix's server to bench/results/search-profiles/ (open in Chrome's
     * DevTools), and prints for each run of the mix where its processor time went in that run alone.
     */
    profile: { type: 'boolean', default: false },
  },
});
const jobCount = Number(args.jobs);
const durationSeconds = Number(args.duration);
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const log = (line: string) => console.log(line);

/** `--burn idle,normal` as milliseconds (undefined without it), checked before anything is measured. */
const burn = (() => {
  if (!args.burn) return undefined;
  const parts = args.burn.split(',').map(Number);
  if (parts.length !== 2 || parts.some((part) => !Number.isFinite(part) || part < 0 || part >= 50)) {
    throw new Error(`--burn takes two numbers of milliseconds under 50 (20 times a second), idle and normal: got ${args.burn}`);
  }
  return { idleMs: parts[0]!, normalMs: parts[1]! };
})();

/** `--burn`: a process spinning each share 20 times a second, the first in the idle scheduling class. */
function startBurners({ idleMs, normalMs }: { idleMs: number; normalMs: number }): ChildProcess[] {
  const script = path.join(here, 'burn.mjs');
  const burners: ChildProcess[] = [];
  if (idleMs) burners.push(spawn('chrt', ['-i', '0', process.execPath, script, String(idleMs), '20'], { stdio: 'ignore' }));
  if (normalMs) burners.push(spawn(process.execPath, [script, String(normalMs), '20'], { stdio: 'ignore' }));
  // A burner that cannot start (no chrt) would leave the run without its load: the benchmark stops instead.
  for (const burner of burners)
    burner.on('error', (error) => {
      console.error(`--burn: ${error.message}`);
      process.exit(1);
    });
  return burners;
}

// ---------- statistics ----------

/** With `--writes-elsewhere`: the copy of the database the writes go to. */
let writesElsewhere: string | undefined;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/**
 * A request's moments on the monotonic clock (µs), where the server stamped them (bench/search/server.ts
 * `x-bench-read`, `x-bench-done`): sent, read by the server, its answer handed to the socket, received.
 */
interface Moments {
  sent: number;
  read?: number;
  done?: number;
  received: number;
}

function get(url: string): Promise<{ status: number; ms: number; moments: Moments }> {
  const started = performance.now();
  const sent = monotonicMicros();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        const stamp = (name: string) => (res.headers[name] ? Number(res.headers[name]) : undefined);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            moments: { sent, read: stamp('x-bench-read'), done: stamp('x-bench-done'), received: monotonicMicros() },
          }),
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
  const toPage = (results: unknown[], count: number) => ({ results, count, next: null, previous: null });
  const plans: Recorded[][] = [];
  for (const q of benchQueries) {
    recording = [];
    await service.search(jobSearchQuery.parse(Object.fromEntries(new URLSearchParams(q.query))), toPage as never);
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

interface MixRun {
  rps: number;
  requests: number;
  errors: number;
  statuses: Record<number, number>;
  distinct: number;
  latency: Stats;
  /** With writes: how soon a new job was found; `lost`, each new job not found within 30 s, with what its search answered then. */
  writes?: { writes: number; errors: number; probes: number; foundP50: number; foundMax: number; foundP95: number; lost: string[] };
  /** The server's search cache during the run: answers served from it, computed, dropped by writes or brought up to date; its size and the process's memory after. */
  cache?: CacheCounts;
  /**
   * The same run from inside the server (bench/search/server.ts): each search's time there, from its
   * request read to its answer sent; how late its event loop ran a timer due every millisecond (what
   * a request waits before it is read); and the processor time it used.
   */
  server?: { requestMs: ReturnType<typeof bucketStats>; loopLateMs: ReturnType<typeof bucketStats>; cpuSeconds: number };
  /** How fast the machine was (bench/search/machine.ts): a fixed piece of work timed before and after the run, ms; the steal time during it. */
  machine?: { fixedWorkMs: [number, number]; stealMs?: number };
  /** The entries in the search tables' GIN pending lists as the run began (`ginPending`). */
  ginPending?: Record<string, number>;
  /** The server's catch-ups longer than half the bound during the run: seconds into it, how long, phases (ms; changes read). */
  longCatchUps?: Array<{ atSeconds: number; ms: number; parts: Record<string, number> }>;
  /** Where each request's time went (`RequestParts`), and the slowest requests of the run with theirs. */
  parts?: Record<keyof RequestParts, Stats>;
  slowest?: SlowRequest[];
  /** The PostgreSQL server's processor time in the run (bench/search/postgres-cpu.ts), when it runs on this machine. */
  postgresCpuSeconds?: number;
  /** With `--profile`: where the API server's processor time went in this run, by thread (bench/search/profile.ts). */
  profile?: ThreadSlice[];
}

/**
 * A search's time in parts, ms: `late`, from when it was due to when the benchmark sent it (its own
 * event loop busy, or the machine's cores); `toServer`, from sent to read by the server's handler
 * (the network, the server's event loop busy or not given a core); `inServer`, from read to its answer
 * handed to the socket; `back`, from there to the answer's last byte received.
 */
interface RequestParts {
  /** Down to -1 ms: a search due within a millisecond is sent at once. */
  late: number;
  toServer: number;
  inServer: number;
  back: number;
}
/** One of a run's slowest requests: when it was due (seconds into the run), its time and its parts. */
interface SlowRequest extends RequestParts {
  atSeconds: number;
  ms: number;
}

interface CacheCounts {
  hits: number;
  misses: number;
  /** Misses answered by another request's computation of the same answer. */
  shared: number;
  dropped: number;
  /** Answers a write reached that were brought up to date instead of dropped. */
  updated: number;
  /** Requests served a dropped answer kept aside (right as of half a second or less before they arrived) while it was computed again. */
  stale: number;
  /** Computations begun for those. */
  refreshed: number;
  /** Answers brought up to date whose page was read again (a job entering it, or one on it edited). */
  patched: number;
  flushes: number;
  /** Catch-ups (reads of what changed, with ranks, applied), their time in all and at most, the applying's part, and requests that waited for one. */
  catchUps?: number;
  catchUpMs?: number;
  catchUpMaxMs?: number;
  catchUpMaxParts?: Record<string, number>;
  /** The server's last catch-ups longer than half the bound: when each began (ms since 1970), how long it took, its phases. */
  longCatchUps?: Array<{ at: number; ms: number; parts: Record<string, number> }>;
  /** With the search thread: requests answered from the server thread's copy, and those it held too old an answer for. */
  copyHits?: number;
  copyLate?: number;
  copyLatePinned?: number;
  /** How many times a request waiting for the search thread lifted it out of the idle scheduling class. */
  threadLifts?: number;
  applyMs?: number;
  waited?: number;
  /** Answers whose pages' new jobs were read, and their wait in all; the statements those reads shared (one per step that asked). */
  pageReads?: number;
  pageReadMs?: number;
  pageStatements?: number;
  /** Answers dropped by writes, by why (live-answers.ts). */
  dropReasons?: Record<string, number>;
  /** Computed answers not stored, by why (search-cache.ts `keptOut`). */
  keptOut?: Record<string, number>;
  size: number;
  rssMb: number;
  heapMb: number;
  /** Counted since the server started (see `MixRun.server`). */
  requestMs?: number[];
  loopMs?: number[];
  cpuMs?: number;
}

/** A mix run as the server saw it (`MixRun.server`). */
const inServer = ({ server: s, rps }: MixRun) =>
  s
    ? `a search p50 ${ms(s.requestMs.p50)} / p95 ${ms(s.requestMs.p95)} / p99 ${ms(s.requestMs.p99)} ms from read to answered; a timer due each ms ran late by p95 ${ms(s.loopLateMs.p95)} / p99 ${ms(s.loopLateMs.p99)} ms; ${s.cpuSeconds.toFixed(1)} s of processor time (${((1000 * s.cpuSeconds) / Math.max(1, rps * durationSeconds)).toFixed(2)} ms a search)`
    : '';

/**
 * The entries waiting in the pending lists of the search tables' GIN indexes (pgstattuple's
 * `pgstatginindex`), by index: a GIN index takes new entries into an unsorted list that every search
 * through it reads whole, until a write finds it past `gin_pending_list_limit` or a vacuum empties
 * it. Undefined where the extension is not installed.
 */
async function ginPending(client: pg.Client): Promise<Record<string, number> | undefined> {
  try {
    await client.query('create extension if not exists pgstattuple');
    const { rows } = await client.query<{ name: string; tuples: number }>(
      `select c.relname as name, (pgstatginindex(c.oid)).pending_tuples::int as tuples
         from pg_class c join pg_am a on a.oid = c.relam join pg_index i on i.indexrelid = c.oid
        where a.amname = 'gin' and i.indrelid in ('job_search'::regclass, 'jobs'::regclass) order by 1`,
    );
    return Object.fromEntries(rows.filter((r) => r.tuples > 0).map((r) => [r.name, r.tuples]));
  } catch {
    return undefined;
  }
}

/** A run's requests in parts (`RequestParts`). */
const requestParts = ({ parts: p }: MixRun) =>
  p
    ? (['late', 'toServer', 'inServer', 'back'] as const)
        .map((part) => `${part} ${ms(p[part].p95)} / ${ms(p[part].p99)} / ${ms(p[part].max)}`)
        .join('; ')
    : '';

/** How fast the machine was around a run (`MixRun.machine`). */
const machineSpeed = ({ machine: m }: MixRun) =>
  m
    ? `a fixed piece of work took ${ms(m.fixedWorkMs[0])} ms before the run and ${ms(m.fixedWorkMs[1])} after${m.stealMs === undefined ? '' : `; ${m.stealMs} ms stolen by the host during it`}`
    : '';

/** The PostgreSQL server's processor time in a run, when it was read. */
const postgresTime = (m: MixRun) =>
  m.postgresCpuSeconds === undefined ? '' : `; PostgreSQL used ${m.postgresCpuSeconds.toFixed(1)} s of processor time`;

/** The server's search cache counts (bench/search/server.ts refreshes the file every half second). */
async function cacheCounts(file: string): Promise<CacheCounts> {
  await new Promise((r) => setTimeout(r, 600));
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CacheCounts;
}

/**
 * Asks every search of the mix once at concurrency `concurrency`, the rarest first, so the most
 * asked are the freshest at the end, as on a running site, where they are asked all the time (a
 * warm-up in rank order, longer than the cache's 10 minutes on a slow machine, had the most asked
 * answers expire first). Those asked already answer from the cache, or again if they expired.
 */
async function warmUp(
  base: string,
  searches: string[],
): Promise<{ seconds: number; requests: number; errors: number; statuses: Record<number, number> }> {
  const todo = searches.map((_, k) => searches.length - 1 - k);
  const started = performance.now();
  let errors = 0;
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < todo.length) {
        const k = todo[next++]!;
        // A 503 says "try again" (the pool's time-out under overload): asked again until answered,
        // or a search the warm-up was meant to leave in the cache is computed in the warm mix.
        for (let attempt = 1; ; attempt++) {
          const res = await get(`${base}/api/jobs/${searches[k] ? `?${searches[k]}` : ''}`);
          if (res.status === 200) break;
          errors++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 503 || attempt === 5) break;
          await new Promise((r) => setTimeout(r, 250 * attempt));
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, requests: todo.length, errors, statuses };
}

/**
 * The Zipf mix for `durationSeconds`, with a writer at `writeRate` a second when above 0: at
 * concurrency `concurrency` (each client asks again as soon as answered), or, with `openRate`, at that
 * many searches a second whatever the answers take (Poisson arrivals; a search's latency counts from
 * when it was due, so a slow answer is not hidden by the searches it held back).
 */
async function mixedTraffic(
  base: string,
  databaseUrl: string,
  searches: string[],
  writeRate: number,
  seed: number,
  openRate = 0,
): Promise<MixRun> {
  const draw = zipf(searches.length, 1.1, createRandom(seed));
  const asked = new Set<number>();
  const samples: number[] = [];
  let requests = 0;
  let errors = 0;
  /** The answers other than 200, by status. */
  const statuses: Record<number, number> = {};
  const search = (query: string) =>
    new Promise<{ count: number; corrected_search: string | null }>((resolve, reject) => {
      http
        .get(`${base}/api/jobs/?${query}`, { agent }, (r) => {
          let body = '';
          r.on('data', (d: Buffer) => (body += d.toString()));
          r.on('end', () => resolve(JSON.parse(body) as { count: number; corrected_search: string | null }));
        })
        .on('error', reject);
    });
  const writer =
    writeRate > 0
      ? startWriteLoad(
          writesElsewhere ?? databaseUrl,
          writeRate,
          writesElsewhere || args['no-probes'] ? null : (word, newestFirst) => search(`search=${word}${newestFirst ? '&sort=newest' : ''}`),
        )
      : undefined;
  const burners = writeRate > 0 && burn ? startBurners(burn) : [];
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  // Connections left idle by the runs before are closed first: the server closes a connection idle
  // for its keep-alive time (72 s), and one it closes just as it is used again fails (ECONNRESET).
  for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
  const parts: Record<keyof RequestParts, number[]> = { late: [], toServer: [], inServer: [], back: [] };
  const slowest: SlowRequest[] = [];
  const ask = async (since: number) => {
    const k = draw();
    asked.add(k);
    const query = searches[k]!;
    const late = performance.now() - since;
    // A request that fails counts as an error (status 0), as one answered with another status does.
    const res = await get(`${base}/api/jobs/${query ? `?${query}` : ''}`).catch(() => ({ status: 0, ms: 0, moments: undefined }));
    requests++;
    const total = performance.now() - since;
    samples.push(total);
    const m = res.moments;
    if (m?.read !== undefined && m.done !== undefined) {
      const split: RequestParts = {
        late,
        toServer: (m.read - m.sent) / 1000,
        inServer: (m.done - m.read) / 1000,
        back: (m.received - m.done) / 1000,
      };
      for (const part of Object.keys(parts) as Array<keyof RequestParts>) parts[part].push(split[part]);
      slowest.push({ atSeconds: (since - started) / 1000, ms: total, ...split });
      if (slowest.length > 64) slowest.sort((x, y) => y.ms - x.ms).splice(8);
    }
    if (res.status !== 200) {
      errors++;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  if (openRate > 0) {
    const random = createRandom(seed * 7919);
    const pending: Array<Promise<void>> = [];
    let due = started;
    while (due < deadline) {
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(ask(due));
      due += (-Math.log(1 - random()) * 1000) / openRate;
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) await ask(performance.now());
      }),
    );
  }
  for (const burner of burners) burner.kill();
  const seconds = (performance.now() - started) / 1000;
  const run: MixRun = { rps: requests / seconds, requests, errors, statuses, distinct: asked.size, latency: stats(samples) };
  if (parts.late.length) {
    run.parts = {
      late: stats(parts.late),
      toServer: stats(parts.toServer),
      inServer: stats(parts.inServer),
      back: stats(parts.back),
    };
    run.slowest = slowest.sort((x, y) => y.ms - x.ms).slice(0, 8);
  }
  if (writer) {
    const w = await writer.stop();
    const found = stats(w.newJobFoundMs.length ? w.newJobFoundMs : [Number.NaN]);
    run.writes = {
      writes: w.writes,
      errors: w.errors,
      probes: w.newJobFoundMs.length,
      foundP50: found.p50,
      foundP95: found.p95,
      foundMax: Math.max(...w.newJobFoundMs),
      lost: w.lost,
    };
  }
  return run;
}

/** The share of answers served from the cache, and how many were computed (the misses not shared with another request). */
const hitRate = (c: CacheCounts) =>
  // The cold mix runs with the cache off: no counts.
  !Number.isFinite(c.hits)
    ? 'the cache off'
    : `${((100 * (c.hits + c.stale)) / Math.max(1, c.hits + c.stale + c.misses)).toFixed(1)}% from the cache (${(c.misses - c.shared + c.refreshed).toLocaleString('en')} computed, ${c.shared.toLocaleString('en')} shared a computation${c.stale ? `, ${c.stale.toLocaleString('en')} served a dropped answer while it was computed again` : ''})`;
let mixWarmUp: Awaited<ReturnType<typeof warmUp>> | undefined;
/** The longest catch-up since the server started, by phase (wall time), with how many changes it read. */
const longestCatchUp = (c: CacheCounts) =>
  `longest catch-up so far ${ms(c.catchUpMaxMs ?? NaN)} ms (${Object.entries(c.catchUpMaxParts ?? {})
    .map(([part, v]) => `${part} ${part === 'changes' ? v : ms(v)}`)
    .join(', ')})`;
/** With the search thread: the requests its copy answered, and those it held too old an answer for. */
const copyCounts = (c: CacheCounts) =>
  c.copyHits === undefined
    ? ''
    : `; ${c.copyHits.toLocaleString('en')} answered from the copy, ${(c.copyLate ?? 0).toLocaleString('en')} found it too old (${c.copyLatePinned ?? 0} of them pinned)${c.threadLifts === undefined ? '' : `; the search thread lifted out of the idle class ${c.threadLifts} times`}`;
/** The catch-ups of a run: how many, their mean time (the applying's part), and the requests that waited for one. */
const catchUps = (c: CacheCounts) =>
  c.catchUps
    ? `; ${c.catchUps.toLocaleString('en')} catch-ups of ${ms(c.catchUpMs! / c.catchUps)} ms on average (applying ${ms(c.applyMs! / c.catchUps)} ms), ${c.waited!.toLocaleString('en')} requests waited for one`
    : '';

/** Writes the figures to bench/results/search-<time>.json. */
function writeResults(figures: Record<string, unknown>) {
  const resultsDir = path.join(here, '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(figures, null, 2));
  console.log(`\nfigures written to ${path.relative(process.cwd(), file)}`);
}

/** `--writes-elsewhere`'s copy of the database. */
const elsewhereDatabase = () => `${args.database}_elsewhere`;

/** Statements run on the PostgreSQL server, outside the benchmark's database (making and dropping databases). */
async function onServer(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: args['server-url'] });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function main() {
  const seeded = await seedBenchDatabase({
    serverUrl: args['server-url'],
    database: args.database,
    jobs: jobCount,
    fresh: args.fresh,
    log,
  });
  const version = await (async () => {
    const client = new pg.Client({ connectionString: seeded.url });
    await client.connect();
    const { rows } = await client.query<{ v: string; public_jobs: string }>(
      `select current_setting('server_version') as v, (select count(*) from jobs j join companies c on c.id = j.company_id
         where j.status = 'open' and (j.application_deadline is null or j.application_deadline >= current_date) and c.is_approved) as public_jobs`,
    );
    await client.end();
    return rows[0]!;
  })();

  if (args['writes-elsewhere']) {
    // A copy made from the database as a template (no session may be connected to it meanwhile).
    const copy = elsewhereDatabase();
    await onServer(`drop database if exists ${copy}`, `create database ${copy} template ${args.database}`);
    const url = new URL(seeded.url);
    url.pathname = `/${copy}`;
    writesElsewhere = url.href;
    log(`  the writes go to ${copy}, a copy the server does not read`);
  }
  if (burn)
    log(
      `  beside each run with writes: ${burn.idleMs} ms in the idle class and ${burn.normalMs} ms in the normal class, 20 times a second`,
    );
  const loadBefore = os.loadavg()[0]!;
  log(
    `\nmeasuring: ${benchQueries.length} queries × ${rounds} rounds at concurrency 1; ${durationSeconds} s at concurrency ${concurrency} (load average ${loadBefore.toFixed(2)})`,
  );
  if (loadBefore > 1) log('  warning: the machine is busy with other work; figures will be slower and noisier than on an idle machine');
  const phases: Record<string, { latency: Awaited<ReturnType<typeof latencyAtOne>>; load: Awaited<ReturnType<typeof throughput>> }> = {};
  for (const [name, cacheSeconds] of args['mix-only']
    ? []
    : ([
        ['cold', '0'],
        ['cached', '30'],
      ] as const)) {
    const server = await startServer(seeded.url, { SEARCH_CACHE_SECONDS: cacheSeconds });
    try {
      const latency = await latencyAtOne(server.base);
      const load = await throughput(server.base);
      phases[name] = { latency, load };
      log(`  API ${name}: p95 ${ms(latency.all.p95)} ms at c=1, ${Math.round(load.rps)} req/s at c=${concurrency}`);
    } finally {
      await stopServer(server.child);
    }
  }
  const mixCount = Number(args.mix);
  const writeRate = Number(args.writes);
  const mix: Record<string, MixRun> = {};
  if (mixCount > 0) {
    const searches = await buildSearches(seeded.url, mixCount);
    // One server, the cache as configured by default, through the phases of a site's life: just
    // started (every search new), after every search of the mix was asked once, and with writes.
    // [name, writes a second (-1: the warm-up), searches a second (0: at concurrency `concurrency`)]
    const runs: Array<[string, number, number]> = [];
    if (!(args['mix-only'] && args['rate-only'])) {
      runs.push(['mix, cold cache', 0, 0], ['warm-up', -1, 0], ['mix', 0, 0]);
      if (writeRate > 0) runs.push([`mix with ${writeRate} writes/s`, writeRate, 0]);
    }
    const openRate = Number(args['open-rate']);
    const repeat = Math.max(1, Number(args.repeat));
    if (openRate > 0) {
      for (let time = 1; time <= repeat; time++) {
        const nth = time > 1 ? ` (${time})` : '';
        // Every search asked once again first: the answers the writes above dropped are computed now,
        // not in the run without writes (which would make it look slower than it is).
        runs.push(['warm-up', -1, 0], [`mix at ${openRate}/s${nth}`, 0, openRate]);
        if (writeRate > 0) runs.push([`mix at ${openRate}/s, ${writeRate} writes/s${nth}`, writeRate, openRate]);
      }
    }
    const cacheFile = path.join(os.tmpdir(), `bench-search-cache-${process.pid}.json`);
    const profileDir = path.join(here, '..', 'results', 'search-profiles');
    const serverStarted = Date.now();
    /** Each run's moments on the monotonic clock, to take its part out of the server's profiles. */
    const windows: Array<[string, number, number]> = [];
    const probe = new pg.Client({ connectionString: seeded.url });
    await probe.connect();
    const server = await startServer(
      seeded.url,
      { BENCH_CACHE_FILE: cacheFile },
      args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    try {
      for (const [i, [name, rate, open]] of runs.entries()) {
        if (rate < 0) {
          const w = await warmUp(server.base, searches);
          mixWarmUp ??= w;
          log(
            `  warm-up: all ${w.requests.toLocaleString('en')} searches once each, the rarest first, at c=${concurrency}, in ${w.seconds.toFixed(1)} s`,
          );
          continue;
        }
        const pending = await ginPending(probe);
        const speedBefore = fixedWorkMs();
        const before = await cacheCounts(cacheFile);
        const stealBefore = stealMs();
        const postgresBefore = postgresCpuMs();
        const from = monotonicMicros();
        const startedAt = Date.now();
        mix[name] = await mixedTraffic(server.base, seeded.url, searches, rate, 5 + i, open);
        const endedAt = Date.now();
        windows.push([name, from, monotonicMicros()]);
        const postgresAfter = postgresCpuMs();
        const stealAfter = stealMs();
        const after = await cacheCounts(cacheFile);
        const m = mix[name]!;
        m.machine = {
          fixedWorkMs: [speedBefore, fixedWorkMs()],
          stealMs: stealBefore === undefined || stealAfter === undefined ? undefined : stealAfter - stealBefore,
        };
        if (postgresBefore !== undefined && postgresAfter !== undefined) m.postgresCpuSeconds = (postgresAfter - postgresBefore) / 1000;
        m.ginPending = pending;
        m.longCatchUps = (after.longCatchUps ?? [])
          .filter((c) => c.at + c.ms >= startedAt && c.at <= endedAt)
          .map((c) => ({ atSeconds: (c.at - startedAt) / 1000, ms: c.ms, parts: c.parts }));
        m.server = {
          requestMs: bucketStats(after.requestMs ?? [], before.requestMs),
          loopLateMs: bucketStats(after.loopMs ?? [], before.loopMs),
          cpuSeconds: ((after.cpuMs ?? 0) - (before.cpuMs ?? 0)) / 1000,
        };
        const { requestMs: _r, loopMs: _l, longCatchUps: _c, ...counts } = after;
        m.cache = {
          ...counts,
          hits: after.hits - before.hits,
          misses: after.misses - before.misses,
          shared: after.shared - before.shared,
          dropped: after.dropped - before.dropped,
          updated: (after.updated ?? 0) - (before.updated ?? 0),
          stale: (after.stale ?? 0) - (before.stale ?? 0),
          refreshed: (after.refreshed ?? 0) - (before.refreshed ?? 0),
          patched: (after.patched ?? 0) - (before.patched ?? 0),
          flushes: after.flushes - before.flushes,
          catchUps: (after.catchUps ?? 0) - (before.catchUps ?? 0),
          catchUpMs: (after.catchUpMs ?? 0) - (before.catchUpMs ?? 0),
          applyMs: (after.applyMs ?? 0) - (before.applyMs ?? 0),
          waited: (after.waited ?? 0) - (before.waited ?? 0),
          copyHits: (after.copyHits ?? 0) - (before.copyHits ?? 0),
          copyLate: (after.copyLate ?? 0) - (before.copyLate ?? 0),
          copyLatePinned: (after.copyLatePinned ?? 0) - (before.copyLatePinned ?? 0),
          threadLifts: after.threadLifts === undefined ? undefined : after.threadLifts - (before.threadLifts ?? 0),
          pageReads: (after.pageReads ?? 0) - (before.pageReads ?? 0),
          pageReadMs: (after.pageReadMs ?? 0) - (before.pageReadMs ?? 0),
          pageStatements: (after.pageStatements ?? 0) - (before.pageStatements ?? 0),
          keptOut: Object.fromEntries(
            Object.entries(after.keptOut ?? {})
              .map(([why, n]) => [why, n - (before.keptOut?.[why] ?? 0)] as const)
              .filter(([, n]) => n > 0),
          ),
          dropReasons: Object.fromEntries(
            Object.entries(after.dropReasons ?? {})
              .map(([why, n]) => [why, n - (before.dropReasons?.[why] ?? 0)] as const)
              .filter(([, n]) => n > 0)
              .sort((a, b) => b[1] - a[1]),
          ),
        };
        log(
          `  ${name}: ${Math.round(m.rps)} req/s${open ? '' : ` at c=${concurrency}`}, p95 ${ms(m.latency.p95)} ms, ${hitRate(m.cache)}${m.writes ? `, new job found p95 ${ms(m.writes.foundP95)} ms` : ''}`,
        );
        if (args['mix-only']) {
          log(
            `    p50 ${ms(m.latency.p50)} / p95 ${ms(m.latency.p95)} / p99 ${ms(m.latency.p99)} ms${catchUps(m.cache)}; ${longestCatchUp(m.cache)}${copyCounts(m.cache)}; ${m.cache.pageReads ?? 0} page reads (${m.cache.pageStatements ?? 0} statements) of ${ms((m.cache.pageReadMs ?? 0) / Math.max(1, m.cache.pageReads ?? 0))} ms on average`,
          );
          log(`    in the server: ${inServer(m)}${postgresTime(m)}`);
          log(`    dropped: ${JSON.stringify(m.cache.dropReasons)}; computed but not kept: ${JSON.stringify(m.cache.keptOut)}`);
          if (m.ginPending) log(`    GIN pending list entries as it began: ${JSON.stringify(m.ginPending)}`);
          log(`    the machine: ${machineSpeed(m)}`);
          for (const lost of m.writes?.lost ?? []) log(`    A NEW JOB NOT FOUND WITHIN 30 s: ${lost}`);
          if (m.parts) log(`    a search's parts, p95 / p99 / max ms: ${requestParts(m)}`);
          if (m.longCatchUps?.length)
            log(
              `    catch-ups over half the bound: ${m.longCatchUps
                .map(
                  (c) =>
                    `${ms(c.ms)} ms at ${c.atSeconds.toFixed(2)} s (${Object.entries(c.parts)
                      .map(([part, v]) => `${part} ${part === 'changes' ? v : ms(v)}`)
                      .join(', ')})`,
                )
                .join('; ')}`,
            );
          if (m.slowest)
            log(
              `    the slowest: ${m.slowest
                .slice(0, 5)
                .map(
                  (r) =>
                    `${ms(r.ms)} ms at ${r.atSeconds.toFixed(2)} s (${ms(r.late)} + ${ms(r.toServer)} + ${ms(r.inServer)} + ${ms(r.back)})`,
                )
                .join('; ')}`,
            );
        }
      }
    } finally {
      await stopServer(server.child);
      await probe.end();
      fs.rmSync(cacheFile, { force: true });
    }
    if (args.profile) {
      // The profiles are written as the server ends.
      const files = profilesSince(profileDir, serverStarted);
      log(
        `\n  where the server's processor time went, run by run (${files.length} threads' profiles in ${path.relative(process.cwd(), profileDir)}):`,
      );
      for (const [name, from, to] of windows) {
        const m = mix[name]!;
        m.profile = files.map((file) => sliceProfile(file, from, to));
        log(`  ${name}:`);
        for (const slice of m.profile) printSlice(slice, log);
      }
    }
    if (repeat > 1) {
      // The repeated fixed-rate runs side by side: what a change has to beat.
      for (const writes of [false, true]) {
        const same = Object.entries(mix)
          .filter(([name]) => name.startsWith(`mix at ${openRate}/s`) && name.includes('writes/s') === writes)
          .map(([, m]) => m);
        if (!same.length) continue;
        const list = (pick: (m: MixRun) => number) => same.map((m) => ms(pick(m))).join(', ');
        log(
          `  mix at ${openRate}/s${writes ? ` with ${writeRate} writes/s` : ''}, ${same.length} runs: p95 ${list((m) => m.latency.p95)} ms; p99 ${list((m) => m.latency.p99)} ms; in the server p95 ${list((m) => m.server?.requestMs.p95 ?? NaN)} ms; processor time ${same.map((m) => m.server?.cpuSeconds.toFixed(1) ?? '-').join(', ')} s (PostgreSQL ${same.map((m) => m.postgresCpuSeconds?.toFixed(1) ?? '-').join(', ')} s); the fixed work ${same.map((m) => (m.machine ? m.machine.fixedWorkMs.map(ms).join('/') : '-')).join(', ')} ms before/after`,
        );
      }
    }
  }
  if (writesElsewhere) await onServer(`drop database if exists ${elsewhereDatabase()}`);
  if (args['mix-only']) {
    writeResults({
      jobs: jobCount,
      load: [loadBefore, os.loadavg()[0]!],
      postgres: version.v,
      cores: os.cpus().length,
      mix,
      mixWarmUp,
      seeded,
      writesElsewhere: !!writesElsewhere,
      burn,
    });
    agent.destroy();
    return;
  }
  const bare = await bareSql(seeded.url);
  log(`  bare SQL: p95 ${ms(bare.all.p95)} ms`);
  const ilike = await naiveIlike(seeded.url);
  log(`  ILIKE: p50 ${ms(ilike.all.p50)} ms`);

  const cold = phases.cold!;
  const cached = phases.cached!;
  const ftsWords = stats(wordQueriesOf(bare));
  const rows: Array<[string, Stats, string]> = [
    [
      'API, no result cache (c=1)',
      cold.latency.all,
      `${Math.round(cold.load.rps)} req/s at c=${concurrency} (p95 ${ms(cold.load.latency.p95)} ms)`,
    ],
    [
      'API, result cache on (c=1)',
      cached.latency.all,
      `${Math.round(cached.load.rps)} req/s at c=${concurrency} (p95 ${ms(cached.load.latency.p95)} ms)`,
    ],
    ['Bare SQL, same statements', bare.all, ''],
    ['FTS bare SQL, word queries', ftsWords, ''],
    ['Naive ILIKE, same words', ilike.all, ''],
  ];
  const loadAfter = os.loadavg()[0]!;
  console.log(
    `\nJob search benchmark — load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after — ${jobCount.toLocaleString('en')} jobs (${Number(version.public_jobs).toLocaleString('en')} public), PostgreSQL ${version.v}, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(`${''.padEnd(30)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}  (ms)   throughput`);
  for (const [label, s, extra] of rows)
    console.log(`${label.padEnd(30)}${ms(s.p50).padStart(8)}${ms(s.p95).padStart(8)}${ms(s.p99).padStart(8)}         ${extra}`);
  console.log('\nAPI without the cache, by kind of query (c=1):');
  for (const [kind, s] of Object.entries(cold.latency.byKind))
    console.log(`  ${kind.padEnd(8)} p50 ${ms(s.p50).padStart(7)}   p95 ${ms(s.p95).padStart(7)}   (${s.n} requests)`);
  const sqlBudget = 2 + 1.5 * bare.all.p95;
  const ratio = ilike.all.p50 / ftsWords.p50;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('\nTargets:');
  console.log(
    `  p95 ≤ 25 ms at c=1:               no cache ${ms(cold.latency.all.p95)} ms (${verdict(cold.latency.all.p95 <= 25)}), cached ${ms(cached.latency.all.p95)} ms (${verdict(cached.latency.all.p95 <= 25)})`,
  );
  console.log(
    `  ≥ 1,000 req/s at c=${concurrency}:            no cache ${Math.round(cold.load.rps)} (${verdict(cold.load.rps >= 1000)}), cached ${Math.round(cached.load.rps)} (${verdict(cached.load.rps >= 1000)})`,
  );
  console.log(
    `  API p95 ≤ 2 ms + 1.5 × SQL p95:   ${ms(cold.latency.all.p95)} vs ${ms(sqlBudget)} ms (${verdict(cold.latency.all.p95 <= sqlBudget)})`,
  );
  console.log(`  ≥ 10× faster than ILIKE:          ${ratio.toFixed(1)}× on the median of the word queries (${verdict(ratio >= 10)})`);
  if (Object.keys(mix).length) {
    console.log(
      `\nRealistic mix: ${mixCount.toLocaleString('en')} distinct searches drawn by Zipf (exponent 1.1), result cache on, c=${concurrency} (or at a fixed rate where named), ${durationSeconds} s:`,
    );
    for (const [name, m] of Object.entries(mix)) {
      const w = m.writes
        ? `; ${m.writes.writes} writes (${m.writes.errors} failed), a new job found after p50 ${ms(m.writes.foundP50)} / max ${ms(m.writes.foundMax)} ms (${m.writes.probes} probes)`
        : '';
      const c = m.cache
        ? `; ${hitRate(m.cache)}, ${m.cache.dropped.toLocaleString('en')} answers dropped by writes and ${m.cache.updated.toLocaleString('en')} brought up to date (${m.cache.patched.toLocaleString('en')} with their page read again), ${m.cache.size.toLocaleString('en')} held, server RSS ${Math.round(m.cache.rssMb)} MB${catchUps(m.cache)}`
        : '';
      console.log(
        `  ${name.padEnd(22)} ${Math.round(m.rps).toString().padStart(6)} req/s   p50 ${ms(m.latency.p50).padStart(7)}   p95 ${ms(m.latency.p95).padStart(7)}   p99 ${ms(m.latency.p99).padStart(7)} ms   ${m.distinct} distinct searches asked${c}${w}`,
      );
      if (m.server) console.log(`    in the server: ${inServer(m)}${postgresTime(m)}`);
      if (m.machine) console.log(`    the machine: ${machineSpeed(m)}`);
      const reasons = Object.entries(m.cache?.dropReasons ?? {});
      if (reasons.length) console.log(`    dropped because of: ${reasons.map(([why, n]) => `${why} ${n}`).join(', ')}`);
      const keptOut = Object.entries(m.cache?.keptOut ?? {});
      if (keptOut.length) console.log(`    computed but not kept: ${keptOut.map(([why, n]) => `${why} ${n}`).join(', ')}`);
      if (name.includes('cold') && mixWarmUp) {
        console.log(
          `  then every search of the mix asked once, the rarest first (what a running site has seen): ${mixWarmUp.requests.toLocaleString('en')} in ${mixWarmUp.seconds.toFixed(1)} s (${mixWarmUp.errors} answers not 200${mixWarmUp.errors ? `: ${JSON.stringify(mixWarmUp.statuses)}, a 503 asked again up to 5 times` : ''})`,
        );
        // What keeping them costs a running site: each kept answer is computed again once per cache
        // period while it is asked (all of them are, at these rates), against what this machine computes.
        const computedPerSecond = mixWarmUp.requests / mixWarmUp.seconds;
        const refresh = (seconds: number) =>
          `${seconds} s: ${(mixCount / seconds).toFixed(1)}/s, ${Math.round((100 * mixCount) / seconds / computedPerSecond)}% of that`;
        console.log(
          `  (first-time mix searches ran at ${computedPerSecond.toFixed(1)}/s; answers computed again as the cache period ends, with ${refresh(600)}, with ${refresh(3600)})`,
        );
      }
    }
    const plain = mix.mix;
    if (plain) console.log(`  ≥ 1,500 req/s on the mix:         ${Math.round(plain.rps)} (${verdict(plain.rps >= 1500)})`);
  }
  const errors =
    cold.latency.errors +
    cached.latency.errors +
    cold.load.errors +
    cached.load.errors +
    Object.values(mix).reduce((n, m) => n + m.errors, 0);
  if (errors) console.log(`\n${errors} requests did not answer 200.`);

  writeResults({
    jobs: jobCount,
    load: [loadBefore, loadAfter],
    postgres: version.v,
    cores: os.cpus().length,
    phases,
    mix,
    mixWarmUp,
    bare,
    ilike,
    ftsWords,
    seeded,
  });
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
