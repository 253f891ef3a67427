// npm run bench:alerts [-- --database jp_bench_search_1m --jobs 1000000 --alerts 100000 --rate 20 --seconds 60 --probes 500 --keep]
//
// Job alerts (issue #49, docs/decisions/024-job-alerts.md) on PostgreSQL:
// 1. the time to find the alerts of a new job (the percolator: a job's tokens → candidates by the
//    anchors' GIN index → the full check), p50/p95/p99 over `probes` public jobs, with how many
//    candidates and matches each had;
// 2. `rate` new jobs a second for `seconds` through the API of a real server process, whose job
//    runner and events work the queue: the queue's length and its oldest job's age every 10 s.
// The alerts (`alerts` of them, from 5,000 job seekers, searches drawn like bench/search's mix) are
// rows of this run, deleted at the end with their job seekers and the jobs it posted (`--keep`
// leaves them). The job database is reused as it is; this code's migrations are applied on top.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { jobAlertCriteria } from '../../packages/shared/src';
import { openPostgres } from '../../apps/server/src/db/client';
import { jobAlerts } from '../../apps/server/src/db/schema';
import { alertColumns, ensureSearch, readTokenShares } from '../../apps/server/src/modules/job-alerts';
import { findJobTokens, matchingSearchesQuery } from '../../apps/server/src/modules/job-alerts/percolator.repository';
import { createCompany, createUser } from '../../apps/server/src/seed/factories';
import { createRandom, pick } from '../../apps/server/src/seed/job-text';
import { ms, startServer, stats, stopServer } from '../common';
import { seedBenchDatabase } from '../search/seed';
import { zipf } from '../search/mix';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'jp_bench_alerts' },
    jobs: { type: 'string', default: '20000' },
    alerts: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    probes: { type: 'string', default: '500' },
    keep: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const alertCount = Number(args.alerts);
const log = (line: string) => console.log(line);
const benchDomain = '@alerts.bench';

// The job database: reused when it has jobs (never dropped: another branch's run may use it), else made.
const url = new URL(args['server-url']!);
url.pathname = `/${args.database}`;
const probe = new pg.Client({ connectionString: url.toString() });
const exists = await probe
  .connect()
  .then(() => probe.query<{ n: string }>('select count(*) as n from jobs'))
  .then((r) => Number(r.rows[0]?.n ?? 0))
  .catch(() => 0)
  .finally(() => probe.end().catch(() => undefined));
if (!exists) await seedBenchDatabase({ serverUrl: args['server-url']!, database: args.database!, jobs: Number(args.jobs), log });
log(`${args.database}: ${(exists || Number(args.jobs)).toLocaleString('en')} jobs ${exists ? '(reused)' : '(seeded)'}`);
const database = await openPostgres(url.toString(), { max: 4 });
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const newestMigration = async () =>
  (await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations')).rows[0]?.at ?? null;
// Migrations this run applies are taken back at the end (unless --keep): a shared database is left
// with the schema it came with, so other branches' runs still recognise and reuse it.
const schemaBefore = await newestMigration();
await database.migrate();
const appliedMigrations = (await newestMigration()) !== schemaBefore;
const db = database.db;

async function cleanUp() {
  await client.query(`delete from users where email like $1`, [`%${benchDomain}`]);
  await client
    .query(`delete from job_alert_searches s where not exists (select from job_alerts a where a.search_id = s.id)`)
    .catch(() => undefined);
}
await cleanUp();

// 5,000 distinct searches drawn like bench/search/mix.ts (words, phrases, places, remote, type, level), Zipf-picked.
const words = (await client.query<{ word: string }>(`select word from search_words where length(word) >= 4 order by word`)).rows.map(
  (r) => r.word,
);
const places = (
  await client.query<{ location: string }>(`select location from job_search group by location order by count(*) desc limit 40`)
).rows.map((r) => r.location.split(',')[0]!.trim());
const random = createRandom(49);
const searches = new Map<string, Record<string, string>>();
for (let tries = 0; searches.size < 5000 && tries < 100_000; tries++) {
  const c: Record<string, string> = {};
  const roll = random();
  if (roll < 0.1) c.search = `"${pick(random, words)} ${pick(random, words)}"`;
  else if (roll < 0.45) c.search = `${pick(random, words)} ${pick(random, words)}`;
  else if (roll < 0.92) c.search = pick(random, words);
  if (random() < 0.3) c.location = pick(random, places);
  if (random() < 0.15) c.is_remote = 'true';
  if (random() < 0.15) c.employment_type = pick(random, ['Full-time', 'Part-time', 'Contract', 'Internship']);
  if (random() < 0.1) c.experience_level = pick(random, ['Entry level', 'Mid level', 'Senior level']);
  searches.set(JSON.stringify(c), c);
}
const distinct = [...searches.values()];
const share = await readTokenShares(db);
const columns = [];
for (const c of distinct) {
  const { criteria, search } = await alertColumns(db, jobAlertCriteria.parse(c), share);
  columns.push({ criteria, searchId: await ensureSearch(db, search) });
}
const draw = zipf(distinct.length, 1.1, random);

// The alerts: 5,000 job seekers with 20 each (in the app; e-mails off: no mail server here).
const started = Date.now();
const seekers = Math.ceil(alertCount / 20);
const userIds = (
  await client.query<{ id: number }>(
    `insert into users (email, full_name, role, email_verified) select 'seeker-' || i || $1, 'Bench Seeker ' || i, 'jobseeker', true
     from generate_series(1, $2::int) as i returning id`,
    [benchDomain, seekers],
  )
).rows.map((r) => r.id);
for (let done = 0; done < alertCount; done += 1000) {
  const rows = [];
  for (let i = done; i < Math.min(alertCount, done + 1000); i++) {
    const picked = columns[draw()]!;
    rows.push({
      ...picked,
      userId: userIds[i % userIds.length]!,
      confirmedAt: new Date(),
      matchesSince: new Date(),
      name: `Alert ${i}`,
      frequency: 'instant' as const,
      inApp: true,
      byEmail: false,
      tokenSalt: `bench${i}`,
    });
  }
  await db.insert(jobAlerts).values(rows);
}
await client.query('analyze job_alerts');
const anchored = (
  await client.query<{ n: string; none: string }>(
    `select count(*) filter (where anchors is not null) as n, count(*) filter (where anchors is null) as none from job_alerts a join job_alert_searches s on s.id = a.search_id`,
  )
).rows[0]!;
log(
  `${alertCount.toLocaleString('en')} alerts of ${seekers.toLocaleString('en')} job seekers (${distinct.length} distinct searches) in ${((Date.now() - started) / 1000).toFixed(1)} s; ${anchored.none} without an anchor`,
);

// 1. Finding a new job's alerts.
const probeIds = (
  await client.query<{ id: number }>(
    `select id from job_search where is_open and company_approved and (application_deadline is null or application_deadline >= current_date)
     order by md5(id::text) limit $1`,
    [Number(args.probes)],
  )
).rows.map((r) => r.id);
const today = new Date().toISOString().slice(0, 10);
const times: number[] = [];
const found: number[] = [];
const searchesFound: number[] = [];
const candidates: number[] = [];
for (const [i, jobId] of probeIds.entries()) {
  const t0 = performance.now();
  const tokens = (await findJobTokens(db, jobId, today))!;
  // The searches it matches, and their alerts (what the queue then tells).
  const rows = (await db.execute(
    sql`select s.id as search_id, count(a.id)::int as alerts from (${matchingSearchesQuery(jobId, tokens)}) as s
        join job_alerts a on a.search_id = s.id and a.matches_since is not null group by s.id`,
  )) as unknown as { rows: Array<{ alerts: number }> };
  const elapsed = performance.now() - t0;
  if (i >= 20) times.push(elapsed); // the first few warm the caches
  searchesFound.push(rows.rows.length);
  found.push(rows.rows.reduce((sum, r) => sum + Number(r.alerts), 0));
  if (i % 10 === 0) {
    const n = await db.execute(
      sql`select count(*)::int as n from job_alert_searches where anchors && ${sql.param(tokens)}::text[] or anchors is null`,
    );
    candidates.push(Number((n as unknown as { rows: Array<{ n: number }> }).rows[0]!.n));
  }
}
const s = stats(times);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
log(`find a new job's alerts (${s.n} jobs): p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms`);
log(
  `  candidate searches per job: mean ${mean(candidates).toFixed(0)} of ${distinct.length.toLocaleString('en')}; matching searches per job: mean ${mean(searchesFound).toFixed(1)}; matching alerts per job: mean ${mean(found).toFixed(1)}, max ${Math.max(...found)}`,
);

// 2. New jobs at a steady rate through a real server: the queue's lag every 10 s.
const employer = await createUser(db, { role: 'employer', email: `employer${benchDomain}`, password: 'bench-password-123' });
await createCompany(db, employer.id, { isApproved: true, name: 'Bench Alerts Co' });
const { base, child } = await startServer(url.toString(), {
  REMINDER_INTERVAL_SECONDS: '1',
  SEARCH_CACHE_TTL: '0',
  RATE_LIMIT_MULTIPLIER: '1000',
});
const login = await fetch(`${base}/api/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: employer.email, password: 'bench-password-123' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const templates = (
  await client.query<{
    title: string;
    description: string;
    location: string;
    is_remote: boolean;
    employment_type: string;
    experience_level: string;
  }>(`select title, description, location, is_remote, employment_type, experience_level from jobs order by md5(id::text) limit 500`)
).rows;
const rate = Number(args.rate);
const seconds = Number(args.seconds);
let posted = 0;
let failed = 0;
const postStarted = Date.now();
const inFlight = new Set<Promise<void>>();
const timer = setInterval(() => {
  if (Date.now() - postStarted >= seconds * 1000) return;
  const job = templates[posted++ % templates.length]!;
  const sending = fetch(`${base}/api/jobs/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ ...job, description: job.description.slice(0, 9000), status: 'open' }),
  })
    .then((res) => {
      if (res.status !== 201) failed++;
    })
    .catch(() => void failed++)
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}, 1000 / rate);
let window = { worstWaiting: 0, worstAgeMs: 0 };
const sampler = setInterval(async () => {
  const q = (
    await client.query<{ n: string; age: number | null }>(
      `select count(*) as n, extract(epoch from now() - min(enqueued_at)) * 1000 as age from job_alert_queue`,
    )
  ).rows[0]!;
  window.worstWaiting = Math.max(window.worstWaiting, Number(q.n));
  window.worstAgeMs = Math.max(window.worstAgeMs, Number(q.age ?? 0));
}, 500);
for (let tick = 1; tick <= seconds / 10 + 1; tick++) {
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  log(
    `  ${tick * 10} s: ${posted} posted (${failed} failed); queue at most ${window.worstWaiting} waiting, oldest ${ms(window.worstAgeMs)} ms`,
  );
  window = { worstWaiting: 0, worstAgeMs: 0 };
}
clearInterval(timer);
await Promise.all(inFlight);
clearInterval(sampler);
const matched = (
  await client.query<{ n: string; lag: number | null; p95: number | null }>(
    `select count(*) as n, avg(extract(epoch from m.matched_at - j.posted_at)) * 1000 as lag,
     percentile_cont(0.95) within group (order by extract(epoch from m.matched_at - j.posted_at) * 1000) as p95
   from job_alert_search_matches m join jobs j on j.id = m.job_id join companies c on c.id = j.company_id where c.name = 'Bench Alerts Co'`,
  )
).rows[0]!;
const notices = Number(
  (
    await client.query<{ n: string }>(`select count(*) as n from notifications where type = 'job_alert_matches' and created_at >= $1`, [
      new Date(postStarted),
    ])
  ).rows[0]!.n,
);
log(
  `${posted} jobs posted in ${seconds} s (${(posted / seconds).toFixed(1)} a second): ${matched.n} search matches, ${notices} notices, posted → matched mean ${ms(Number(matched.lag))} ms, p95 ${ms(Number(matched.p95))} ms`,
);
await stopServer(child);

if (!args.keep) {
  // Tables this run made go first: the rows of its people then go without their alerts' checks.
  if (appliedMigrations) {
    await client.query(`drop table job_alert_search_matches, job_alert_queue, job_alert_publications, job_alerts, job_alert_searches`);
    await client.query(`drop index if exists notifications_open_alert_notice_key`);
    await client.query(`delete from drizzle.__drizzle_migrations where created_at > $1::bigint`, [schemaBefore]);
    await client.query(`delete from server_keys where name in ('alert_token_secret', 'job_alerts_since_job')`);
    log(`the job alerts' migration taken back: ${args.database} has the schema it came with`);
  }
  await client.query(`delete from companies where name = 'Bench Alerts Co'`);
  await cleanUp();
  log('bench alerts, job seekers and jobs deleted');
}
await client.end();
await database.close();
