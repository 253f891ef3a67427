// npm run bench:admin [-- --jobs 100000 --users 100000 --applications 500000 --samples 200 --fresh]
//
// Seeds (or reuses) a PostgreSQL database (jp_bench_admin): the search benchmark's N realistic jobs
// (bench/search/seed.ts), then, set-based in SQL, job seekers up to `users` accounts in all (sign-up
// and sign-in dates spread over 90 days) and `applications` applications (5 a job seeker, over the
// last 45 days). Starts the real API server (buildApp + listen, in a child process), signs in an
// admin and measures at concurrency 1, after a warm-up, the p95 of:
//   - GET /api/admin/data/ (counts, 30-day series, pending companies);
//   - the people tables: job seekers page 1 (newest first), page 500, sorted by name, a search by
//     name; employers sorted by last sign-in; recruiters;
// each beside the bare SQL of the same statements (run one after another on one connection; the
// API runs a page and its count side by side). Prints the figures beside the targets and writes
// bench/results/admin-<time>.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { ms, startServer, stats, stopServer, type Stats } from '../common';
import { seedBenchDatabase } from '../search/seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    users: { type: 'string', default: '100000' },
    applications: { type: 'string', default: '500000' },
    samples: { type: 'string', default: '200' },
    fresh: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_admin' },
  },
});
const jobCount = Number(args.jobs);
const userTarget = Number(args.users);
const applicationTarget = Number(args.applications);
const samples = Number(args.samples);
const log = (line: string) => console.log(line);
const adminEmail = 'bench-admin@bench.example';
const adminPassword = 'bench-admin-pass-123';

async function seed(): Promise<string> {
  const { url } = await seedBenchDatabase({
    serverUrl: args['server-url']!,
    database: args.database!,
    jobs: jobCount,
    fresh: args.fresh,
    log,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const started = Date.now();
    const missingUsers = userTarget - (await count('select count(*) as n from users'));
    if (missingUsers > 0) {
      log(`adding ${missingUsers.toLocaleString('en')} job seekers…`);
      await client.query(
        `insert into users (email, full_name, role, email_verified, date_joined, last_login)
         select 'bench-seeker-' || i || '@bench.example',
                (array['Ada','Ben','Chloe','David','Elena','Farid','Grace','Hugo','Ines','Jonas','Kira','Liam','Maya','Nikolai','Olivia','Pablo','Quinn','Rosa','Sven','Tara'])[1 + i % 20]
                  || ' ' ||
                (array['Adams','Berg','Costa','Dubois','Evans','Fischer','Garcia','Hansen','Ivanova','Jensen','Kowalski','Lopez','Meyer','Nowak','Okafor','Petrov','Quist','Rossi','Silva','Tanaka','Usman','Vogel','Wong','Yilmaz','Zhang'])[1 + (i / 20) % 25],
                'jobseeker', true,
                now() - (i % 90) * interval '1 day' - (i % 1440) * interval '1 minute',
                case when i % 4 = 0 then null else now() - (i % 30) * interval '1 day' - (i % 977) * interval '1 minute' end
         from generate_series(1, $1::int) i`,
        [missingUsers],
      );
    }
    const missingApplications = applicationTarget - (await count('select count(*) as n from applications'));
    if (missingApplications > 0) {
      log(`adding ${missingApplications.toLocaleString('en')} applications…`);
      const [file] = (
        await client.query<{ id: number }>(
          `insert into uploaded_files (owner_id, storage_key, original_name, content_type, size_bytes)
           select min(id), 'bench/shared-resume-' || extract(epoch from now())::bigint || '.pdf', 'cv.pdf', 'application/pdf', 1
           from users where role = 'jobseeker' returning id`,
        )
      ).rows;
      // Five distinct jobs a job seeker (k * 7919 stays below the job count), statuses spread as in life.
      const perSeeker = Math.ceil(
        missingApplications / Math.max(1, await count(`select count(*) as n from users where role = 'jobseeker'`)),
      );
      await client.query(
        `insert into applications (job_id, jobseeker_id, resume_file_id, status, applied_at, updated_at)
         select j.ids[1 + ((s.rn * 7 + k * 7919) % j.n)], s.id, $1::int,
                (array['applied','applied','applied','reviewed','reviewed','interview_scheduled','offered','rejected','rejected','withdrawn'])[1 + (s.rn + k) % 10],
                now() - ((s.rn * 5 + k) % 45) * interval '1 day' - (s.rn % 1440) * interval '1 minute',
                now() - ((s.rn * 5 + k) % 45) * interval '1 day'
         from (select id, row_number() over (order by id) as rn from users where role = 'jobseeker') s
         cross join generate_series(0, $2::int - 1) k
         cross join (select array_agg(id order by id) as ids, count(*)::int as n from jobs) j
         limit $3::int
         on conflict do nothing`,
        [file!.id, perSeeker, missingApplications],
      );
    }
    await client.query(
      `insert into users (email, full_name, role, email_verified, password_hash) values ($1, 'Bench Admin', 'admin', true, $2)
       on conflict (email) do nothing`,
      [adminEmail, await hashPassword(adminPassword)],
    );
    // Statistics and the visibility map (index-only counts), as a table settled in production has them.
    if (missingUsers > 0 || missingApplications > 0) await client.query('vacuum (analyze) users, applications');
    await client.query('analyze');
    if (missingUsers > 0 || missingApplications > 0)
      log(`seeded people and applications in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return url;
  } finally {
    await client.end();
  }
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function measure(fn: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < 10; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) out.push(await time(fn));
  return stats(out);
}

// The bare SQL of each call: the statements its repository sends (users.repository.ts, admin.repository.ts).
const seekerColumns = `u.*, (select count(*)::int from applications a where a.jobseeker_id = u.id),
  p.id, p.photo_file_id, p.resume_file_id, p.phone_number, p.bio, p.current_job_title, p.job_preferences,
  (select count(*)::int from profile_educations e where e.profile_id = p.id),
  (select count(*)::int from profile_work_experience w where w.profile_id = p.id),
  (select count(*)::int from profile_skills s where s.profile_id = p.id)`;
const seekerPage = (where: string, order: string, offset: number) => [
  `select ${seekerColumns} from (select id as page_id from users u where u.role = 'jobseeker' ${where} order by ${order} limit 20 offset ${offset}) page
   join users u on u.id = page.page_id left join jobseeker_profiles p on p.user_id = u.id order by ${order}`,
  // No search: the kept counts (user_counts); a search counts its matches.
  where ? `select count(*) from users u where u.role = 'jobseeker' ${where}` : `select coalesce(sum(n), 0)::int from user_counts where role = 'jobseeker'`,
];
const employerColumns = `u.*, (select count(*)::int from jobs j where j.posted_by = u.id), c.id, c.name, c.is_approved, m.role`;
const employerPage = (extra: string, order: string) => [
  `select ${employerColumns} from (select id as page_id from users u where u.role = 'employer' ${extra} order by ${order} limit 20) page
   join users u on u.id = page.page_id left join company_members m on m.user_id = u.id left join companies c on c.id = m.company_id order by ${order}`,
  extra
    ? `select count(*) from users u join company_members m on m.user_id = u.id and m.role = 'recruiter' where u.role = 'employer'`
    : `select coalesce(sum(n), 0)::int from user_counts where role = 'employer'`,
];
// Read on every call: the head counts and the approval queue.
const adminDataSql = [
  `select (select count(*)::int from company_members where role = 'recruiter'), (select count(*)::int from companies),
     (select count(*)::int from companies where not is_approved)`,
  `select c.*, u.full_name from companies c join users u on u.id = c.owner_id where not c.is_approved order by c.is_approved, c.created_at desc, c.id desc limit 50`,
  `select count(*) from companies where not is_approved`,
];

// Read once every 30 s, or after an admin makes or deletes an account (admin.service.ts): the big tables.
const activitySql = [
  `select (select coalesce(sum(n), 0)::int from user_counts where role = 'jobseeker'), (select coalesce(sum(n), 0)::int from user_counts where role = 'employer'),
     (select count(*)::int from jobs), (select count(*)::int from jobs where status = 'open')`,
  `select status, count(*)::int from applications group by status`,
  `select to_char(date_joined at time zone 'UTC', 'YYYY-MM-DD'), role, count(*)::int from users
     where date_joined >= now() - interval '30 days' and role in ('jobseeker', 'employer') group by 1, 2`,
  `select to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD'), count(*)::int from applications where applied_at >= now() - interval '30 days' group by 1`,
];

const cases: Array<{ name: string; url: string | null; sql: string[]; target: number }> = [
  { name: 'GET /api/admin/data/', url: '/api/admin/data/', sql: adminDataSql, target: 50 },
  { name: '  its big-table part (kept 30 s)', url: null, sql: activitySql, target: Infinity },
  {
    name: 'job seekers, page 1 (newest first)',
    url: '/api/jobseekers/',
    sql: seekerPage('', 'u.date_joined desc, u.id desc', 0),
    target: 30,
  },
  {
    name: 'job seekers, page 500',
    url: '/api/jobseekers/?page=500',
    sql: seekerPage('', 'u.date_joined desc, u.id desc', 9980),
    target: 30,
  },
  {
    name: 'job seekers by name',
    url: '/api/jobseekers/?ordering=full_name',
    sql: seekerPage('', 'u.full_name asc, u.id asc', 0),
    target: 30,
  },
  {
    name: 'job seekers, search "kowalski"',
    url: '/api/jobseekers/?search=kowalski',
    sql: seekerPage(`and u.search_text like '%kowalski%'`, 'u.date_joined desc, u.id desc', 0),
    target: 30,
  },
  {
    name: 'employers, signed in lately',
    url: '/api/employers/?ordering=-last_login',
    sql: employerPage('', 'u.last_login desc nulls last, u.id desc nulls last'),
    target: 30,
  },
  {
    name: 'recruiters',
    url: '/api/recruiters/',
    sql: employerPage(`and exists (select 1 from company_members r where r.user_id = u.id and r.role = 'recruiter')`, 'u.date_joined desc, u.id desc'),
    target: 30,
  },
];

const url = await seed();
const server = await startServer(url, {
  DATA_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'bench-admin-')),
  RATE_LIMIT_MULTIPLIER: '1000',
});
const sqlClient = new pg.Client({ connectionString: url });
await sqlClient.connect();
const results: Array<{ name: string; api: Stats; sql: Stats; target: number }> = [];
try {
  const login = await fetch(`${server.base}/api/admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (const c of cases) {
    const api = c.url
      ? await measure(async () => {
          const res = await fetch(server.base + c.url, { headers: { authorization: `Bearer ${accessToken}` } });
          if (res.status !== 200) throw new Error(`${c.url}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        })
      : stats([]);
    const sql = await measure(async () => {
      for (const statement of c.sql) await sqlClient.query(statement);
    });
    results.push({ name: c.name, api, sql, target: c.target });
    log(
      `${c.name.padEnd(36)} API p50 ${ms(api.p50).padStart(6)} p95 ${ms(api.p95).padStart(6)} ms   SQL p50 ${ms(sql.p50).padStart(6)} p95 ${ms(sql.p95).padStart(6)} ms${c.url ? `   target p95 ≤ ${c.target} ms ${api.p95 <= c.target ? 'met' : 'NOT met'}` : ''}`,
    );
  }
} finally {
  await sqlClient.end();
  await stopServer(server.child);
}
const counts = { users: userTarget, jobs: jobCount, applications: applicationTarget, samples };
fs.mkdirSync(path.join(here, '..', 'results'), { recursive: true });
const file = path.join(here, '..', 'results', `admin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ counts, results }, null, 2));
log(`written ${path.relative(process.cwd(), file)}`);
