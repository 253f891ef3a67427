// npm run bench:apply [-- --jobs 100000 --duration 15 --concurrency 12 --samples 300 --resume-mb 1 --fresh --profile]
//
// Seeds (or reuses) a PostgreSQL database (jp_bench_apply): N realistic jobs, one job with 5,000
// applicants, 45,000 more applications, a job seeker with a full profile, and job seekers to apply.
// Starts the real API server (buildApp + listen on loopback, in a child process) and measures:
//   - applications per second: multipart POST /api/applications/ with a 1 MB PDF resume, real HTTP,
//     `concurrency` clients for `duration` seconds, each applying to public jobs it has not applied to;
//   - p95 of GET /api/jobs/{id}/applicants/ (first page) of the job with 5,000 applicants, at c=1;
//   - p95 of GET /api/matching-jobs/ for the full profile over all the jobs, at c=1.
// Prints the figures beside the targets and writes bench/results/apply-<time>.json.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ms, startServer, stats, stopServer, type Stats } from '../common';
import { makePdf } from '../../apps/server/src/seed/documents';
import { applierEmail, benchPassword, employerEmail, profileSeekerEmail, seedApplyBench } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '12' },
    samples: { type: 'string', default: '300' },
    /** The resume's size; 1 MB is the measure, smaller ones show what the bytes cost. */
    'resume-mb': { type: 'string', default: '1' },
    fresh: { type: 'boolean', default: false },
    /** Write a CPU profile of the server to bench/results/profiles (open it in Chrome DevTools). */
    profile: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_apply' },
  },
});
const jobCount = Number(args.jobs);
const durationSeconds = Number(args.duration);
const concurrency = Number(args.concurrency);
const samples = Number(args.samples);
const log = (line: string) => console.log(line);

// ---------- statistics ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer[] } = {},
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const length = (options.body ?? []).reduce((n, b) => n + b.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(options.body ? { 'content-length': String(length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    for (const part of options.body ?? []) req.write(part);
    req.end();
  });
}

async function login(base: string, email: string): Promise<string> {
  const res = await request(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: [Buffer.from(JSON.stringify({ email, password: benchPassword }))],
  });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { accessToken: string }).accessToken;
}

/** p50/p95/p99 of one GET at concurrency 1, after a warm-up. */
async function latency(url: string, token: string): Promise<Stats & { errors: number }> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 20; i++) await request(url, { headers });
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < samples; i++) {
    const res = await request(url, { headers });
    if (res.status !== 200) errors++;
    times.push(res.ms);
  }
  return { ...stats(times), errors };
}

/** `concurrency` job seekers apply with a 1 MB resume for `duration` seconds, each to its own list of public jobs. */
async function applyLoad(base: string, tokens: string[], jobIds: number[][], resume: Buffer) {
  const boundary = '----hireloopbench7d1f';
  const fileHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="Bench Applier CV.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fields = (job: number) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="job"\r\n\r\n${job}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="cover_letter"\r\n\r\nI would like to join your team; my resume is attached.\r\n`,
    );
  const statuses = new Map<number, number>();
  const times: number[] = [];
  let firstError = '';
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, worker) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
      for (const job of jobIds[worker]!) {
        if (performance.now() >= deadline) break;
        const res = await request(`${base}/api/applications/`, { method: 'POST', headers, body: [fields(job), fileHead, resume, tail] });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 201 && !firstError) firstError = `${res.status} ${res.body.slice(0, 200)}`;
        times.push(res.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const created = statuses.get(201) ?? 0;
  return { perSecond: created / seconds, created, seconds, statuses: Object.fromEntries(statuses), latency: stats(times), firstError };
}

async function main() {
  const load = os.loadavg();
  const data = await seedApplyBench({
    serverUrl: args['server-url'],
    database: args.database,
    jobs: jobCount,
    appliers: concurrency,
    fresh: args.fresh,
    log,
  });
  const client = new pg.Client({ connectionString: data.url });
  await client.connect();
  // Each run starts from the seeded state: the appliers have applied to nothing yet.
  await client.query(
    `delete from applications a using users u where u.id = a.jobseeker_id and u.email like 'bench-applier-%@bench.example'`,
  );
  await client.query(`delete from uploaded_files f using users u where u.id = f.owner_id and u.email like 'bench-applier-%@bench.example'`);
  await client.query(`delete from notifications where type = 'application_received' and message like 'Bench Applier % applied to %'`);
  const { rows: publicJobs } = await client.query<{ id: number }>(
    `select j.id from jobs j join companies c on c.id = j.company_id
     where j.status = 'open' and (j.application_deadline is null or j.application_deadline >= current_date) and c.is_approved and j.id <> $1
     order by j.id`,
    [data.targetJobId],
  );
  const { rows: version } = await client.query<{ v: string }>(`select current_setting('server_version') as v`);
  await client.end();

  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bench-apply-'));
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, '..', 'results', 'profiles')}`] : [];
  const server = await startServer(data.url, { DATA_DIR: uploads, RATE_LIMIT_MULTIPLIER: '1000' }, profile);
  try {
    const employer = await login(server.base, employerEmail);
    const matcher = await login(server.base, profileSeekerEmail);
    const appliers: string[] = [];
    for (let i = 0; i < concurrency; i++) appliers.push(await login(server.base, applierEmail(i)));

    log(`\nmeasuring (load average before the run: ${load.map((x) => x.toFixed(2)).join(' ')})`);
    const applicantsUrl = `${server.base}/api/jobs/${data.targetJobId}/applicants/`;
    const applicants = await latency(applicantsUrl, employer);
    log(`  applicants, first page of ${data.applicants.toLocaleString('en')}: p95 ${ms(applicants.p95)} ms`);
    const variants: Record<string, Stats> = {};
    for (const query of ['status=reviewed', 'search=garcia', 'sort=oldest', 'page=100']) {
      variants[query] = await latency(`${applicantsUrl}?${query}`, employer);
    }
    const matching = await latency(`${server.base}/api/matching-jobs/`, matcher);
    log(`  matching jobs, full profile over ${jobCount.toLocaleString('en')} jobs: p95 ${ms(matching.p95)} ms`);

    const resume = makePdf('Bench Applier', ['Software engineer.', 'Python, SQL, Docker.'], {
      padTo: Number(args['resume-mb']) * 1024 * 1024,
    });
    const lists = appliers.map((_, w) => publicJobs.filter((_, i) => i % concurrency === w).map((j) => j.id));
    const applies = await applyLoad(server.base, appliers, lists, resume);
    log(`  applies with a ${(resume.length / 1024 / 1024).toFixed(2)} MB resume at c=${concurrency}: ${applies.perSecond.toFixed(1)}/s`);
    const storedMb =
      fs
        .readdirSync(path.join(uploads, 'uploads', 'application-resumes'))
        .reduce((n, f) => n + fs.statSync(path.join(uploads, 'uploads', 'application-resumes', f)).size, 0) /
      1024 /
      1024;

    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `\nApply benchmark: ${jobCount.toLocaleString('en')} jobs (${publicJobs.length.toLocaleString('en')} public), PostgreSQL ${version[0]!.v}, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(`${''.padEnd(44)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}  (ms)`);
    const row = (label: string, s: Stats) =>
      console.log(`${label.padEnd(44)}${ms(s.p50).padStart(8)}${ms(s.p95).padStart(8)}${ms(s.p99).padStart(8)}`);
    row('applicants, first page (c=1)', applicants);
    for (const [query, s] of Object.entries(variants)) row(`applicants, ?${query} (c=1)`, s);
    row('matching jobs, full profile (c=1)', matching);
    row(`apply, ${args['resume-mb']} MB resume (c=${concurrency})`, applies.latency);
    console.log(
      `\napplies: ${applies.created} created in ${applies.seconds.toFixed(1)} s = ${applies.perSecond.toFixed(1)}/s; answers ${JSON.stringify(applies.statuses)}; ${storedMb.toFixed(0)} MB stored`,
    );
    if (applies.firstError) console.log(`first non-201 answer: ${applies.firstError}`);
    console.log('\nTargets:');
    console.log(`  ≥ 150 applies/s:               ${applies.perSecond.toFixed(1)} (${verdict(applies.perSecond >= 150)})`);
    console.log(`  applicants page p95 ≤ 30 ms:   ${ms(applicants.p95)} (${verdict(applicants.p95 <= 30)})`);
    console.log(`  matching jobs p95 ≤ 50 ms:     ${ms(matching.p95)} (${verdict(matching.p95 <= 50)})`);
    const errors = applicants.errors + matching.errors;
    if (errors) console.log(`\n${errors} GET requests did not answer 200.`);

    const resultsDir = path.join(here, '..', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `apply-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        { jobs: jobCount, postgres: version[0]!.v, cores: os.cpus().length, loadBefore: load, applicants, variants, matching, applies },
        null,
        2,
      ),
    );
    console.log(`\nfigures written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await stopServer(server.child);
    fs.rmSync(uploads, { recursive: true, force: true });
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
