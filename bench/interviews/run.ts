// npm run bench:interviews [-- --jobs 100000 --interviews 20000 --employer-interviews 2000 --samples 300 --fresh --profile]
//
// Seeds (or reuses) a PostgreSQL database (jp_bench_interviews): N jobs (the search bench's seeding),
// then by SQL: one employer with 2,000 interviews and a second company with the rest of 20,000, each
// on its own application and job seeker. Starts the real API server (child process, real HTTP) and measures:
//   - p95 of POST /api/schedule-interview/ (one time, a fresh application each, c=1);
//   - p95 of GET /api/interview-schedules/?when=upcoming for the employer with 2,000 interviews (c=1);
//   - the same-slot race: 32 requests for one interviewer's slot at once, and the double bookings
//     left in the whole table afterwards (pairs of overlapping interviews of one interviewer or job seeker).
// Prints the figures beside the targets. Asserts nothing.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ms, startServer, stats, stopServer } from '../common';
import { seedBenchDatabase } from '../search/seed';
import { openPostgres } from '../../apps/server/src/db/client';
import { createCompany, createJob, createUser } from '../../apps/server/src/seed/factories';
import { hashPassword } from '../../apps/server/src/lib/passwords';

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    interviews: { type: 'string', default: '20000' },
    'employer-interviews': { type: 'string', default: '2000' },
    samples: { type: 'string', default: '300' },
    /** Writes a V8 CPU profile of the server process to bench/results/interview-profiles/ (open in Chrome's DevTools). */
    profile: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_interviews' },
  },
});
const total = Number(args.interviews);
const mine = Number(args['employer-interviews']);
const samples = Number(args.samples);
const password = 'bench-pass-123';
const employerEmail = 'bench-interviewer@bench.example';
const log = (line: string) => console.log(line);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function request(
  url: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
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
    if (payload) req.write(payload);
    req.end();
  });
}

/** The interviews, their applications and job seekers, written by SQL (answers the ids of fresh applications to schedule). */
async function seedInterviews(url: string): Promise<{ fresh: number[]; race: number[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = await openPostgres(url, { max: 2 });
  try {
    await database.migrate();
    const existing = await client.query<{ n: string }>('select count(*) as n from interviews');
    if (Number(existing.rows[0]!.n) >= total) {
      log('reusing the interviews');
    } else {
      const started = Date.now();
      const hash = await hashPassword(password);
      const employer = await createUser(database.db, { email: employerEmail, role: 'employer', password });
      const company = await createCompany(database.db, employer.id, { isApproved: true, name: 'Bench Interviews Co' });
      const other = await createUser(database.db, { email: 'bench-interviewer-2@bench.example', role: 'employer', password });
      const otherCompany = await createCompany(database.db, other.id, { isApproved: true, name: 'Bench Interviews Two' });
      const jobA = await createJob(database.db, company.id, { title: 'Bench interviews A' });
      const jobB = await createJob(database.db, otherCompany.id, { title: 'Bench interviews B' });
      const extra = samples + 20 + 32 + 64;
      await client.query('begin');
      await client.query(
        `insert into users (email, password_hash, full_name, role, email_verified)
         select 'bench-candidate-' || i || '@bench.example', $1::text, 'Candidate ' || i, 'jobseeker', true from generate_series(1, $2::int) i`,
        [hash, total + extra],
      );
      const file = await client.query<{ id: number }>(
        `insert into uploaded_files (owner_id, storage_key, original_name, content_type, size_bytes)
         values ($1, 'bench/none.pdf', 'cv.pdf', 'application/pdf', 1) returning id`,
        [employer.id],
      );
      // Applications: the employer's first (its interviews, then the fresh ones), then the second company's.
      await client.query(
        `insert into applications (job_id, jobseeker_id, resume_file_id, status)
         select case when n <= $3::int or n > $4::int then $1::int else $2::int end, u.id, $5::int, 'reviewed'
         from (select id, row_number() over (order by id) n from users where email like 'bench-candidate-%') u`,
        [jobA.id, jobB.id, mine, total, file.rows[0]!.id],
      );
      // Interviews two hours apart (an hour each), half of them past, on the first `total` applications.
      await client.query(
        `insert into interviews (application_id, job_id, company_id, jobseeker_id, interviewer_id, status, scheduled_time, end_time,
                                 time_zone, duration_minutes, mode, meeting_link)
         select a.id, a.job_id, j.company_id, a.jobseeker_id, case when j.company_id = $1::int then $2::int else $3::int end,
                case when n % 10 = 0 and n < $4::int / 2 then 'completed' else 'scheduled' end,
                now() + ((n - $4::int / 2) * interval '2 hours'),
                now() + ((n - $4::int / 2) * interval '2 hours') + interval '1 hour',
                'Europe/Berlin', 60, 'video', 'https://meet.example.com/bench'
         from (select a.*, row_number() over (partition by j2.company_id order by a.id) n
               from applications a join jobs j2 on j2.id = a.job_id where a.job_id in ($6::int, $7::int)) a
         join jobs j on j.id = a.job_id
         where (j.company_id = $1::int and a.n <= $4::int) or (j.company_id <> $1::int and a.n <= $5::int - $4::int)`,
        [company.id, employer.id, other.id, mine, total, jobA.id, jobB.id],
      );
      await client.query('commit');
      await client.query('analyze interviews');
      log(
        `seeded ${total.toLocaleString('en')} interviews (${mine.toLocaleString('en')} of one employer) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const free = await client.query<{ id: number }>(
      `select a.id from applications a join jobs j on j.id = a.job_id join companies c on c.id = j.company_id
       join users u on u.id = c.owner_id
       where u.email = $1 and not exists (select 1 from interviews i where i.application_id = a.id) order by a.id`,
      [employerEmail],
    );
    const ids = free.rows.map((r) => r.id);
    if (ids.length < samples + 52) throw new Error(`only ${ids.length} fresh applications left: run with --fresh`);
    return { fresh: ids.slice(0, samples + 20), race: ids.slice(samples + 20, samples + 52) };
  } finally {
    await client.end();
    await database.close();
  }
}

const { url } = await seedBenchDatabase({
  serverUrl: args['server-url'],
  database: args.database,
  jobs: Number(args.jobs),
  fresh: args.fresh,
  log,
});
const { fresh, race } = await seedInterviews(url);
const profileDir = fileURLToPath(new URL('../results/interview-profiles/', import.meta.url));
const { base, child } = await startServer(
  url,
  { LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '1000', REMINDER_INTERVAL_SECONDS: '0' },
  args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
try {
  const login = await request(`${base}/api/login/`, { method: 'POST', body: { email: employerEmail, password } });
  const token = (JSON.parse(login.body) as { accessToken: string }).accessToken;
  // Far in the future, two hours apart: no clash with the seeded interviews or each other.
  const slot = (i: number) => new Date(Date.UTC(2040, 0, 1) + i * 2 * 3_600_000).toISOString();
  const times: number[] = [];
  let errors = 0;
  for (const [i, application] of fresh.entries()) {
    const res = await request(`${base}/api/schedule-interview/`, {
      method: 'POST',
      token,
      body: { application, scheduled_time: slot(i), duration_minutes: 60, time_zone: 'Europe/Berlin', mode: 'phone' },
    });
    if (res.status !== 201) errors++;
    if (i >= 20) times.push(res.ms);
  }
  const schedule = stats(times);
  log(
    `POST /api/schedule-interview/ (c=1, ${times.length} samples): p50 ${ms(schedule.p50)} ms, p95 ${ms(schedule.p95)} ms (target ≤ 30), errors ${errors}`,
  );

  const listUrl = `${base}/api/interview-schedules/?when=upcoming`;
  for (let i = 0; i < 20; i++) await request(listUrl, { token });
  const listTimes: number[] = [];
  for (let i = 0; i < samples; i++) listTimes.push((await request(listUrl, { token })).ms);
  const list = stats(listTimes);
  log(
    `GET /api/interview-schedules/?when=upcoming, employer with ${mine.toLocaleString('en')}+ interviews (c=1): p50 ${ms(list.p50)} ms, p95 ${ms(list.p95)} ms (target ≤ 20)`,
  );

  const answers = await Promise.all(
    race.map((application) =>
      request(`${base}/api/schedule-interview/`, {
        method: 'POST',
        token,
        body: { application, scheduled_time: slot(10_000), duration_minutes: 60, time_zone: 'UTC', mode: 'phone' },
      }),
    ),
  );
  const won = answers.filter((r) => r.status === 201).length;
  const clashes = answers.filter((r) => r.status === 409).length;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const doubles = await client.query<{ n: string }>(
    `select count(*) as n from interviews a join interviews b on a.id < b.id
       and (a.interviewer_id = b.interviewer_id or a.jobseeker_id = b.jobseeker_id)
       and tstzrange(a.scheduled_time, a.end_time) && tstzrange(b.scheduled_time, b.end_time)
     where a.status in ('scheduled', 'rescheduled', 'completed') and b.status in ('scheduled', 'rescheduled', 'completed')`,
  );
  await client.end();
  log(`same-slot race: 32 requests at once → ${won} × 201, ${clashes} × 409; double bookings in the table: ${doubles.rows[0]!.n}`);
} finally {
  await stopServer(child);
}
