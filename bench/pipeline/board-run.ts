// node --import tsx bench/pipeline/board-run.ts [-- --applicants 5000 --samples 200 --database jp_bench_board --fresh]
//
// Seeds (or reuses) a PostgreSQL database with one job of N applicants through the seed factories
// (the demo's and the tests' code path): every status, skills for most profiles, interviews and
// unread messages for some. Starts the real API server and prints the p95 of the board's first load
// (the one board call: every status column's count and first page; target <= 30 ms) from measureBoard.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { applicationStatuses, type ApplicationStatus } from '../../packages/shared/src/vocabulary';
import { openPostgres, type Db } from '../../apps/server/src/db/client';
import { createLocalStorage } from '../../apps/server/src/lib/storage';
import {
  createApplication,
  createChatMessage,
  createChatRoom,
  createCompany,
  createInterview,
  createJob,
  createProfile,
  createSkill,
  createUploadedFile,
  createUser,
} from '../../apps/server/src/seed/factories';
import { ms, startServer, stopServer } from '../common';
import { measureBoard } from './board';

const { values: args } = parseArgs({
  options: {
    applicants: { type: 'string', default: '5000' },
    samples: { type: 'string', default: '200' },
    fresh: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'jp_bench_board' },
  },
});
const applicants = Number(args.applicants);
const password = 'bench-pass-123';
const employerEmail = 'board-employer@bench.example';
const log = (line: string) => console.log(line);

/** The paths through the statuses, weighted as a busy job's pipeline looks: most applicants early on. */
const paths: Array<[number, ApplicationStatus[]]> = [
  [40, []],
  [20, ['reviewed']],
  [8, ['reviewed', 'interview_scheduled']],
  [5, ['reviewed', 'interview_scheduled', 'interviewed']],
  [2, ['reviewed', 'interview_scheduled', 'interviewed', 'offered']],
  [1, ['reviewed', 'interview_scheduled', 'interviewed', 'offered', 'hired']],
  [19, ['reviewed', 'rejected']],
  [5, ['withdrawn']],
];
const pathOf = (i: number) => {
  let n = i % 100;
  for (const [weight, steps] of paths) {
    if (n < weight) return steps;
    n -= weight;
  }
  return [];
};

async function seedJob(db: Db, client: pg.Client): Promise<number> {
  const employer = await createUser(db, { email: employerEmail, password, role: 'employer', fullName: 'Board Bench Owner' });
  const company = await createCompany(db, employer.id, { isApproved: true, name: 'Board Bench Labs' });
  const skills = await Promise.all(
    ['TypeScript', 'React', 'PostgreSQL', 'Docker', 'GraphQL', 'Go', 'Kotlin', 'Figma'].map((n) => createSkill(db, `${n} ${company.id}`)),
  );
  const job = await createJob(db, company.id, { title: 'Senior Frontend Engineer', skillIds: skills.slice(0, 5).map((s) => s.id) });
  const storage = createLocalStorage(path.join(os.tmpdir(), 'jp-bench-board-uploads'));
  const started = Date.now();
  const batch = 16;
  for (let from = 0; from < applicants; from += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, applicants - from) }, async (_, k) => {
        const i = from + k;
        const seeker = await createUser(db, { email: `board-seeker-${i}@bench.example`, password: null, fullName: `Bench Seeker ${i}` });
        const resume = await createUploadedFile(db, storage, seeker.id, {
          name: 'cv.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n%%EOF'),
        });
        if (i % 5 !== 0) {
          await createProfile(db, seeker.id, {
            currentJobTitle: 'Frontend Developer',
            resumeFileId: resume.id,
            skills: skills.filter((_, s) => (i + s) % 3 !== 0).map((s) => ({ skill_name: s.name })),
          });
        }
        const steps = pathOf(i);
        const application = await createApplication(db, {
          jobId: job.id,
          jobseekerId: seeker.id,
          resumeFileId: resume.id,
          path: steps,
          employerId: employer.id,
        });
        if (steps.includes('interview_scheduled')) {
          // Two hours apart each: one interviewer's interviews may not overlap.
          const at = new Date(Date.now() + (i - applicants / 2) * 2 * 3_600_000);
          await createInterview(db, { applicationId: application.id, interviewerId: employer.id, scheduledTime: at, status: 'scheduled' });
        }
        if (i % 7 === 0) {
          const room = await createChatRoom(db, { jobseekerId: seeker.id, companyId: company.id, employerId: employer.id, jobId: job.id });
          await createChatMessage(db, {
            roomId: room.id,
            senderId: seeker.id,
            fromJobseeker: true,
            content: 'Hello, any news on my application?',
          });
        }
      }),
    );
  }
  await client.query('vacuum analyze');
  log(`seeded job ${job.id} with ${applicants.toLocaleString('en')} applicants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return job.id;
}

const serverUrl = new URL(args['server-url']);
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [args.database])).rowCount;
if (exists && args.fresh) await admin.query(`drop database "${args.database}"`);
if (!exists || args.fresh) await admin.query(`create database "${args.database}"`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${args.database}`;

const database = await openPostgres(url.toString(), { max: 16 });
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
let jobId: number;
try {
  await database.migrate();
  const found = await client.query<{ id: number; n: number }>(
    `select j.id, (select count(*)::int from applications a where a.job_id = j.id) as n
     from jobs j join companies c on c.id = j.company_id join users u on u.id = c.owner_id where u.email = $1`,
    [employerEmail],
  );
  if (found.rows[0] && found.rows[0].n === applicants) {
    jobId = found.rows[0].id;
    log(`reusing job ${jobId} with ${applicants.toLocaleString('en')} applicants (--fresh to seed again)`);
  } else {
    if (found.rows[0]) throw new Error(`${args.database} holds a board job of another size: run with --fresh`);
    jobId = await seedJob(database.db, client);
  }
} finally {
  await client.end();
  await database.close();
}

const server = await startServer(url.toString(), {
  DATA_DIR: path.join(os.tmpdir(), 'jp-bench-board-uploads'),
  RATE_LIMIT_MULTIPLIER: '1000',
});
try {
  const login = await fetch(`${server.base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: employerEmail, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const figures = await measureBoard(server.base, jobId, accessToken, { samples: Number(args.samples) });
  log(
    `board of ${applicants.toLocaleString('en')} applicants, ${applicationStatuses.length} columns in one call, ${figures.board.n} loads:`,
  );
  log(
    `  board (one call)    p50 ${ms(figures.board.p50)} ms, p95 ${ms(figures.board.p95)} ms, p99 ${ms(figures.board.p99)} ms (target p95 <= 30 ms)`,
  );
  log(
    `  a column alone      p50 ${ms(figures.alone.p50)} ms, p95 ${ms(figures.alone.p95)} ms (one request at a time); errors ${figures.errors}`,
  );
  log(
    `  load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
} finally {
  await stopServer(server.child);
}
