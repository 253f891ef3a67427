// npm run bench:pipeline [-- --applicants 5000 --bulk 500 --runs 10 --samples 50 --jobs 1000 --database jp_bench_pipeline]
//
// On PostgreSQL: the search benchmark's realistic jobs (bench/search/seed.ts; `--database
// jp_bench_search_1m --jobs 1000000` reuses the lead's database: newer migrations are applied on
// top, never a reseed), then one company with a job that has `applicants` applicants spread over
// every status (most of them applied), each with a resume, most with a profile and skills (what a
// board card shows). Starts the real API server (buildApp + listen, child
// process), signs in the company's owner and measures at concurrency 1:
//   - a bulk move (POST /api/jobs/{id}/applicants/bulk/, action move, applied → reviewed) of
//     `bulk` applicants, `runs` times (each run moves fresh applied applicants back first, in SQL);
//     target p95 ≤ 2 s;
//   - the applicants list per status, first page of 20 (GET /api/jobs/{id}/applicants/?status=X&page_size=20),
//     `samples` times each status, and the 8 statuses one after another (a column's further pages
//     are this call); target p95 ≤ 30 ms per call;
//   - the board's first load as the web app makes it (bench/pipeline/board.ts): one call answering
//     every column's count and first page (GET /api/jobs/{id}/applicants/board/?page_size=20); target
//     p95 ≤ 30 ms; and a column's first page from the list alone (what a further page costs).
// Prints the figures beside the targets and writes bench/results/pipeline-<time>.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { applicationStatuses } from '../../packages/shared/src/vocabulary/applications';
import { openPostgres } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { ms, startServer, stats, stopServer, type Stats } from '../common';
import { seedBenchDatabase } from '../search/seed';
import { measureBoard } from './board';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: '5000' },
    bulk: { type: 'string', default: '500' },
    runs: { type: 'string', default: '10' },
    samples: { type: 'string', default: '50' },
    jobs: { type: 'string', default: '1000' },
    fresh: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_pipeline' },
  },
});
const applicantCount = Number(args.applicants);
const bulkSize = Number(args.bulk);
const runs = Number(args.runs);
const samples = Number(args.samples);
const log = (line: string) => console.log(line);
const ownerEmail = 'bench-pipeline-owner@bench.example';
const ownerPassword = 'bench-pipeline-pass-123';

/** An existing database of an older schema gets this code's migrations first, so seedBenchDatabase reuses it. */
async function migrateIfPresent(): Promise<void> {
  const url = new URL(args['server-url']!);
  url.pathname = `/${args.database}`;
  const admin = new pg.Client({ connectionString: args['server-url'] });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [args.database]);
  await admin.end();
  if (!rows.length) return;
  const database = await openPostgres(url.toString(), { max: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/** The bench company, its job and its applicants (made once, topped up to `applicants`). */
async function seedPipeline(client: pg.Client): Promise<number> {
  await client.query(
    `insert into users (email, full_name, role, email_verified, password_hash) values ($1, 'Pia Pipeline', 'employer', true, $2)
     on conflict (email) do nothing`,
    [ownerEmail, await hashPassword(ownerPassword)],
  );
  const owner = (await client.query<{ id: number }>('select id from users where email = $1', [ownerEmail])).rows[0]!.id;
  let company = (await client.query<{ id: number }>('select id from companies where owner_id = $1', [owner])).rows[0]?.id;
  if (company === undefined) {
    company = (
      await client.query<{ id: number }>(
        `insert into companies (owner_id, name, is_approved, description) values ($1, 'Pipeline Bench GmbH', true, 'Hires a lot.') returning id`,
        [owner],
      )
    ).rows[0]!.id;
    await client.query(`insert into company_members (company_id, user_id, role) values ($1, $2, 'owner') on conflict do nothing`, [
      company,
      owner,
    ]);
  }
  let job = (await client.query<{ id: number }>('select id from jobs where company_id = $1 order by id limit 1', [company])).rows[0]?.id;
  if (job === undefined) {
    job = (
      await client.query<{ id: number }>(
        `insert into jobs (company_id, posted_by, title, description, location, employment_type, experience_level)
         values ($1, $2, 'Warehouse Data Analyst', 'Plans stock and routes with data, every day, with a calm team.', 'Berlin, Germany', 'Full-time', 'Mid level')
         returning id`,
        [company, owner],
      )
    ).rows[0]!.id;
  }
  const have = Number((await client.query<{ n: string }>('select count(*) as n from applications where job_id = $1', [job])).rows[0]!.n);
  const missing = applicantCount - have;
  if (missing > 0) {
    log(`adding ${missing.toLocaleString('en')} applicants to job ${job}…`);
    // 70 % applied (what bulk moves take), the rest over the other statuses.
    await client.query(
      `with people as (
         insert into users (email, full_name, role, email_verified)
         select 'bench-pipeline-' || $1::int || '-' || (i + $3::int) || '@bench.example', 'Applicant ' || (i + $3::int), 'jobseeker', true
           from generate_series(1, $2::int) i
         returning id
       ), apps as (
         insert into applications (job_id, jobseeker_id, status, applied_at, updated_at)
         select $1::int, id,
                case when row_number() over () % 10 < 7 then 'applied'
                     else (array['reviewed','interview_scheduled','interviewed','offered','hired','rejected','withdrawn'])[1 + (row_number() over ())::int % 7] end,
                now() - (row_number() over ())::int % 60 * interval '1 day', now()
           from people
         returning id, status, applied_at
       )
       insert into application_status_history (application_id, status, changed_at, changed_by)
       select id, 'applied', applied_at, 'jobseeker' from apps`,
      [job, missing, have],
    );
    await client.query('vacuum (analyze) applications, application_status_history, users');
  }
  await fillCards(client, job);
  return job;
}

const jobSkillNames = ['SQL', 'Python', 'Power BI', 'Excel', 'Forecasting'];

/**
 * What the board's cards show, for the applicants that lack it (older databases too): a resume each
 * (the list and the board show only applications with their resume), a profile for 4 in 5 with some
 * of the job's required skills (the match reasons), and the job's required skills.
 */
async function fillCards(client: pg.Client, job: number): Promise<void> {
  await client.query('insert into job_skills (name) select unnest($1::text[]) on conflict do nothing', [jobSkillNames]);
  await client.query(
    `update jobs set skill_ids = array(select id from job_skills where lower(name) = any($2::text[]) order by id)
     where id = $1 and cardinality(skill_ids) = 0`,
    [job, jobSkillNames.map((n) => n.toLowerCase())],
  );
  const resumes = await client.query(
    `with missing as (select id, jobseeker_id from applications where job_id = $1 and resume_file_id is null),
     files as (
       insert into uploaded_files (owner_id, storage_key, original_name, content_type, size_bytes)
       select jobseeker_id, 'bench-pipeline/resume-' || id || '.pdf', 'cv.pdf', 'application/pdf', 48213 from missing
       returning id, owner_id
     )
     update applications a set resume_file_id = f.id from files f where a.job_id = $1 and a.jobseeker_id = f.owner_id`,
    [job],
  );
  const profiles = await client.query(
    `insert into jobseeker_profiles (user_id, current_job_title)
     select a.jobseeker_id, 'Data Analyst' from applications a where a.job_id = $1 and a.id % 5 <> 0
     on conflict (user_id) do nothing`,
    [job],
  );
  await client.query(
    `insert into profile_skills (profile_id, position, skill_name, proficiency_level)
     select p.id, k.n, ($2::text[])[k.n], 'Advanced'
       from applications a join jobseeker_profiles p on p.user_id = a.jobseeker_id
       cross join generate_series(1, cardinality($2::text[])) k(n)
      where a.job_id = $1 and (a.id + k.n) % 3 <> 0 and not exists (select 1 from profile_skills s where s.profile_id = p.id)`,
    [job, jobSkillNames],
  );
  if (resumes.rowCount || profiles.rowCount) {
    log(`gave ${resumes.rowCount} applicants a resume and ${profiles.rowCount} a profile with skills`);
    await client.query('vacuum (analyze) applications, uploaded_files, jobseeker_profiles, profile_skills');
  }
}

const timeIt = async (fn: () => Promise<void>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

await migrateIfPresent();
const { url } = await seedBenchDatabase({
  serverUrl: args['server-url']!,
  database: args.database!,
  jobs: Number(args.jobs),
  fresh: args.fresh,
  log,
});
const sqlClient = new pg.Client({ connectionString: url });
await sqlClient.connect();
const jobId = await seedPipeline(sqlClient);
const server = await startServer(url, {
  DATA_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'bench-pipeline-')),
  RATE_LIMIT_MULTIPLIER: '1000',
});
const results: Record<string, Stats & { target: number }> = {};
try {
  const login = await fetch(`${server.base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };

  // Bulk moves: each run takes `bulk` applied applicants to reviewed, then puts them back (SQL, untimed).
  const moves: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const ids = (
      await sqlClient.query<{ id: number }>(`select id from applications where job_id = $1 and status = 'applied' order by id limit $2`, [
        jobId,
        bulkSize,
      ])
    ).rows.map((r) => r.id);
    if (ids.length < bulkSize) throw new Error(`only ${ids.length} applied applicants; raise --applicants`);
    const took = await timeIt(async () => {
      const res = await fetch(`${server.base}/api/jobs/${jobId}/applicants/bulk/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ids, action: 'move', status: 'reviewed' }),
      });
      if (res.status !== 200) throw new Error(`bulk move failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    if (run > 0) moves.push(took); // the first run warms up
    await sqlClient.query(`update applications set status = 'applied' where id = any($1::int[])`, [ids]);
    await sqlClient.query(`delete from application_status_history where application_id = any($1::int[]) and status = 'reviewed'`, [ids]);
    await sqlClient.query(
      `delete from notifications where type = 'application_status_changed' and link = '/jobseekerapplications'
      and user_id in (select jobseeker_id from applications where id = any($1::int[]))`,
      [ids],
    );
  }
  results[`bulk move of ${bulkSize}`] = { ...stats(moves), target: 2000 };

  // The applicants list, first page of each status (what one board column asks for).
  const perStatus: number[] = [];
  const wholeBoard: number[] = [];
  for (let i = 0; i < samples + 2; i++) {
    const board = await timeIt(async () => {
      for (const status of applicationStatuses) {
        const took = await timeIt(async () => {
          const res = await fetch(`${server.base}/api/jobs/${jobId}/applicants/?status=${status}&page_size=20`, { headers });
          if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
          await res.arrayBuffer();
        });
        if (i >= 2) perStatus.push(took);
      }
    });
    if (i >= 2) wholeBoard.push(board);
  }
  results['list: first page of one status'] = { ...stats(perStatus), target: 30 };
  results['list: first page of all 8 statuses, one after another'] = { ...stats(wholeBoard), target: 8 * 30 };

  // Full pages, not just counts: every column's first page holds its cards (an applicant without a resume shows in none).
  const first = await fetch(`${server.base}/api/jobs/${jobId}/applicants/board/?page_size=20`, { headers });
  const { columns } = (await first.json()) as { columns: Array<{ status: string; count: number; results: unknown[] }> };
  const short = columns.filter((c) => c.results.length !== Math.min(c.count, 20));
  if (short.length)
    throw new Error(`columns without their cards: ${short.map((c) => `${c.status} ${c.results.length}/${c.count}`).join(', ')}`);
  log(`the board shows ${columns.reduce((n, c) => n + c.results.length, 0)} cards in ${columns.length} columns`);

  // The board's first load as the web app makes it: the one board call (bench/pipeline/board.ts).
  const board = await measureBoard(server.base, jobId, accessToken, { samples: samples * 2, warmup: 10 });
  if (board.errors) throw new Error(`${board.errors} board or column requests failed`);
  results['board: first load, one call (every column)'] = { ...board.board, target: 30 };
  results["board: a column's first page alone (list)"] = { ...board.alone, target: 30 };
} finally {
  await stopServer(server.child);
  await sqlClient.end();
}

log(`\npipeline benchmark: job ${jobId} with ${applicantCount.toLocaleString('en')} applicants (PostgreSQL, concurrency 1)`);
for (const [name, s] of Object.entries(results)) {
  const verdict = s.p95 <= s.target ? 'ok' : 'OVER';
  log(
    `  ${name.padEnd(56)} n=${String(s.n).padStart(4)}  p50 ${ms(s.p50).padStart(8)} ms  p95 ${ms(s.p95).padStart(8)} ms  max ${ms(s.max).padStart(8)} ms  (target p95 ≤ ${s.target} ms: ${verdict})`,
  );
}
const out = path.join(here, '..', 'results', `pipeline-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ applicants: applicantCount, bulk: bulkSize, runs, samples, results }, null, 2));
log(`written ${path.relative(process.cwd(), out)}`);
