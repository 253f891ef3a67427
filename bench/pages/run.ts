// npm run bench:pages [-- --jobs 1000000 --database jp_bench_search_1m --samples 1000]
//
// Seeds (or reuses) the search benchmark's PostgreSQL database of N realistic jobs
// (bench/search/seed.ts: a database whose job count matches is reused as it is), starts the real
// server (buildApp + listen, in a child process, with the built web app as the pages' shell when
// apps/web/dist exists) and measures at concurrency 1, after a warm-up:
//   - a job's page (GET /jobs/{id}, HTML read whole) for random public jobs, and for random ids
//     of every kind (closed, of unapproved companies, missing: 404 pages): p50, p95, p99;
//   - the whole sitemap once: /sitemap.xml and, past 50,000 addresses, every child sitemap it
//     lists, read as streams: the time, the addresses and bytes, and the server process's peak
//     memory (VmHWM, reset just before) beside its memory before, to show that it is streamed.
// Prints the figures beside the target (a job page <= 20 ms p95) and writes bench/results/pages-<time>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ms, startServer, stats, stopServer } from '../common';
import { seedBenchDatabase } from '../search/seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '100' },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_pages' },
  },
});
const jobCount = Number(args.jobs);
const samples = Number(args.samples);
const warmup = Number(args.warmup);
const log = (line: string) => console.log(line);
const target = 20;

const { url } = await seedBenchDatabase({ serverUrl: args['server-url']!, database: args.database!, jobs: jobCount, log });

// Ids to ask for: random public jobs, and random ids of the whole range (any kind, 404s too).
const client = new pg.Client({ connectionString: url });
await client.connect();
const [{ maxId }] = (await client.query<{ maxId: number }>('select max(id) as "maxId" from jobs')).rows as [{ maxId: number }];
const candidates = Array.from({ length: Math.max(samples * 8, 4000) }, () => 1 + Math.floor(Math.random() * maxId));
const publicIds = (
  await client.query<{ id: number }>(
    `select id from job_search where id = any($1::int[])
       and is_open and company_approved and (application_deadline is null or application_deadline >= current_date)`,
    [candidates],
  )
).rows.map((r) => r.id);
await client.end();
if (!publicIds.length) throw new Error('no public job found');
const pickPublic = (i: number) => publicIds[i % publicIds.length]!;
const pickAny = () => 1 + Math.floor(Math.random() * (maxId + 1000));

const webDist = path.join(here, '..', '..', 'apps', 'web', 'dist');
const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
const { base, child } = await startServer(url, { ...(hasWeb ? { BENCH_WEB_DIST: webDist } : {}), PUBLIC_URL: 'https://jobs.example.com' });

/** The server process's resident memory now and its peak (VmHWM) since the last reset, in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
/** Resets the peak (Linux: writing 5 to clear_refs), so the next peak is the sitemap's own. */
const resetPeak = (pid: number) => {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

async function timePage(id: number): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/jobs/${id}`);
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, bytes: body.length };
}

try {
  for (let i = 0; i < warmup; i++) await timePage(pickPublic(i + samples));
  const open: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const r = await timePage(pickPublic(i));
    if (r.status !== 200) throw new Error(`job ${pickPublic(i)} answered ${r.status}`);
    open.push(r.ms);
    bytes += r.bytes;
  }
  const anyKind: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < samples; i++) {
    const r = await timePage(pickAny());
    anyKind.push(r.ms);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  const pages = {
    public: stats(open),
    anyKind: stats(anyKind),
    statuses: Object.fromEntries(statuses),
    meanBytes: Math.round(bytes / samples),
  };

  // The whole sitemap, read as streams.
  const before = memoryOf(child.pid!);
  const peakReset = resetPeak(child.pid!);
  const started = performance.now();
  let addresses = 0;
  let sitemapBytes = 0;
  let files = 0;
  const read = async (address: string) => {
    const res = await fetch(address);
    if (res.status !== 200) throw new Error(`${address} answered ${res.status}`);
    const text = await res.text();
    files += 1;
    sitemapBytes += text.length;
    return text;
  };
  const main = await read(`${base}/sitemap.xml`);
  const children = [...main.matchAll(/<sitemap><loc>https:\/\/jobs\.example\.com(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  // The peak after the index and its first file, beside the one after all: a streamed sitemap's
  // peak does not grow with the files read (a built one would hold them all).
  let afterFirst = memoryOf(child.pid!);
  if (children.length) {
    for (const [i, file] of children.entries()) {
      addresses += (await read(`${base}${file}`)).split('<url>').length - 1;
      if (i === 0) afterFirst = memoryOf(child.pid!);
    }
  } else {
    addresses = main.split('<url>').length - 1;
  }
  const sitemapSeconds = (performance.now() - started) / 1000;
  const after = memoryOf(child.pid!);
  const sitemap = { seconds: sitemapSeconds, files, addresses, megabytes: sitemapBytes / 2 ** 20, before, afterFirst, after, peakReset };

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}`;
  log(`\n${jobCount.toLocaleString('en')} jobs (${args.database}), ${samples} requests each at concurrency 1; ${machine}`);
  log(
    `job page (public jobs)      p50 ${ms(pages.public.p50)}  p95 ${ms(pages.public.p95)}  p99 ${ms(pages.public.p99)} ms  (target p95 <= ${target} ms: ${pages.public.p95 <= target ? 'met' : 'NOT met'}); ${pages.meanBytes.toLocaleString('en')} bytes a page`,
  );
  log(
    `job page (any id, 404s too) p50 ${ms(pages.anyKind.p50)}  p95 ${ms(pages.anyKind.p95)}  p99 ${ms(pages.anyKind.p99)} ms  statuses ${JSON.stringify(pages.statuses)}`,
  );
  log(
    `sitemap: ${sitemap.addresses.toLocaleString('en')} addresses in ${sitemap.files} file(s), ${sitemap.megabytes.toFixed(1)} MB, read whole in ${sitemapSeconds.toFixed(1)} s; ` +
      `server memory before ${before.rssMb.toFixed(0)} MB, peak after the first file ${afterFirst.peakMb.toFixed(0)} MB, after all ${after.peakMb.toFixed(0)} MB${peakReset ? '' : ' (peak not reset: includes start-up)'}`,
  );
  fs.mkdirSync(path.join(here, '..', 'results'), { recursive: true });
  const file = path.join(here, '..', 'results', `pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ jobs: jobCount, database: args.database, machine, pages, sitemap }, null, 2));
  log(`written ${path.relative(process.cwd(), file)}`);
} finally {
  await stopServer(child);
}
