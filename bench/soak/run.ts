// npm run bench:soak [-- --minutes 10 --rate 30 --jobs 20000 --mix 2000 --zipf-seconds 30]
//
// The soak of issue #53 on the production shape (apps/server/src/test/api-cluster.ts: HAProxy, 3 API
// processes, a PostgreSQL primary with a streaming replica taking public reads, Redis), seeded with
// `jobs` synthetic jobs (bench/search/seed.ts) and people made by the seed's factories:
//   1. a mixed load of every kind of user at a steady `rate` requests a second (visitors searching
//      with the Zipf mix of bench/search/mix.ts, reading job and company pages and the taxonomy;
//      job seekers applying with a resume file, reading their applications, notifications and
//      dashboard, chatting with a socket open; employers reading applicants and their jobs and
//      chatting) for `minutes`, printing errors, p50/p95/p99 per kind minute by minute and each API
//      process's resident memory (/proc);
//   2. the Zipf search mix at concurrency 32 for `zipf-seconds`, through HAProxy with the replica
//      taking reads, then against one API process on the primary alone (no replica, no Redis: the
//      one-machine shape), each after every distinct search was asked once.
// Writes bench/results/soak-<time>.json. docs/benchmarks/soak.md holds the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { ms, stats } from '../common';
import { buildSearches, zipf } from '../search/mix';
import { compareZipf } from './zipf';
import { seedBenchDatabase } from '../search/seed';
import { openPostgres, queryRows } from '../../apps/server/src/db/client';
import { makePdf } from '../../apps/server/src/seed/documents';
import { createChatRoom, createCompany, createJob, createUser } from '../../apps/server/src/seed/factories';
import { createRandom } from '../../apps/server/src/seed/job-text';
import { memoryOf, startApiCluster, type ApiCluster } from '../../apps/server/src/test/api-cluster';
import { waitFor } from '../../apps/server/src/test/wait';
import { sql } from 'drizzle-orm';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '30' },
    jobs: { type: 'string', default: '20000' },
    mix: { type: 'string', default: '2000' },
    'zipf-seconds': { type: 'string', default: '30' },
    seekers: { type: 'string', default: '30' },
  },
});
const minutes = Number(args.minutes);
const rate = Number(args.rate);
const password = 'correct-horse-battery';
const database = 'jp_soak';

type Kind =
  | 'search'
  | 'job page'
  | 'company page'
  | 'taxonomy'
  | 'apply (file)'
  | 'my applications'
  | 'notifications'
  | 'seeker dashboard'
  | 'chat send'
  | 'chat read'
  | 'applicants'
  | 'employer jobs';
// Shares of the requests: mostly visitors, as a job board's traffic is.
const weights: [Kind, number][] = [
  ['search', 38],
  ['job page', 15],
  ['company page', 5],
  ['taxonomy', 4],
  ['apply (file)', 4],
  ['my applications', 5],
  ['notifications', 5],
  ['seeker dashboard', 3],
  ['chat send', 8],
  ['chat read', 5],
  ['applicants', 5],
  ['employer jobs', 3],
];

interface Person {
  id: number;
  email: string;
  token: string;
  room: number;
}

const log = (line: string) => console.log(line);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
log(
  `soak: ${minutes} min at ${rate} req/s, ${Number(args.jobs).toLocaleString('en')} jobs; ${machine}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const cluster: ApiCluster = await startApiCluster({
  apiProcesses: 3,
  rateLimitMultiplier: 1000,
  database,
  log,
  prepare: async (pg) => {
    log(`seeding ${Number(args.jobs).toLocaleString('en')} jobs…`);
    await seedBenchDatabase({ serverUrl: pg.primary.url(), database, jobs: Number(args.jobs), fresh: true });
  },
});
const stopCluster = async () => {
  await cluster.stop();
};
process.on('SIGINT', () => void stopCluster().then(() => process.exit(130)));

try {
  const primary = await openPostgres(cluster.pg.primary.url(database), { max: 2 });
  const db = primary.db;
  log('making people…');
  const employers: (Person & { jobs: number[] })[] = [];
  const seekers: (Person & { next: number; employer: number })[] = [];
  for (let i = 0; i < 5; i++) {
    const user = await createUser(db, {
      role: 'employer',
      email: `soak-employer-${i}@example.test`,
      password,
      fullName: `Soak Employer ${i}`,
    });
    const company = await createCompany(db, user.id, { isApproved: true, name: `Soak Company ${i}` });
    const jobs = [];
    for (let j = 0; j < 4; j++) jobs.push((await createJob(db, company.id, { title: `Soak role ${i}-${j}` })).id);
    employers.push({ id: user.id, email: user.email, token: '', room: 0, jobs });
  }
  for (let i = 0; i < Number(args.seekers); i++) {
    const user = await createUser(db, {
      role: 'jobseeker',
      email: `soak-seeker-${i}@example.test`,
      password,
      fullName: `Soak Seeker ${i}`,
    });
    const employer = employers[i % employers.length]!;
    const room = await createChatRoom(db, { jobseekerId: user.id, companyId: (await companyOf(employer.id))!, employerId: employer.id });
    seekers.push({ id: user.id, email: user.email, token: '', room: room.id, next: i * 40, employer: employer.id });
  }
  async function companyOf(ownerId: number) {
    return (await queryRows<{ id: number }>(db, sql`select id from companies where owner_id = ${ownerId}`))[0]?.id;
  }
  const publicJobs = (
    await queryRows<{ id: number }>(
      db,
      sql`select j.id from jobs j join companies c on c.id = j.company_id
          where c.is_approved and j.status = 'open' and (j.application_deadline is null or j.application_deadline >= current_date)
          order by md5(j.id::text) limit 5000`,
    )
  ).map((r) => r.id);
  const companies = (await queryRows<{ id: number }>(db, sql`select id from companies where is_approved order by id limit 500`)).map(
    (r) => r.id,
  );
  const searches = await buildSearches(cluster.pg.primary.url(database), Number(args.mix));
  await primary.close();

  const base = cluster.url;
  const login = async (person: Person) => {
    const res = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password }),
    });
    person.token = ((await res.json()) as { accessToken: string }).accessToken;
  };
  for (const person of [...employers, ...seekers]) await login(person);

  // Every job seeker has the live connection the web app opens, through HAProxy.
  let liveMessages = 0;
  const sockets: Socket[] = seekers.map((seeker) => {
    const socket = connect(base, { path: '/socket.io/', auth: { token: seeker.token }, transports: ['websocket'] });
    socket.on('message:new', () => liveMessages++);
    return socket;
  });
  await waitFor('every socket to connect', () => sockets.every((s) => s.connected), { timeoutMs: 30_000 });

  const random = createRandom(53);
  const drawSearch = zipf(searches.length, 1.1, random);
  const any = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const resume = makePdf('Curriculum vitae', ['Ten years of experience', 'References on request']);
  let messageCounter = 0;

  const requestOf = (kind: Kind): { person?: Person; path: string; init?: RequestInit } => {
    const seeker = any(seekers);
    const employer = any(employers);
    switch (kind) {
      case 'search':
        return { path: `/api/jobs/?${searches[drawSearch()]}` };
      case 'job page':
        return { path: `/api/jobs/${any(publicJobs)}/` };
      case 'company page':
        return { path: `/api/companies/${any(companies)}/` };
      case 'taxonomy':
        return { path: random() < 0.5 ? '/api/job-categories/' : '/api/job-skills/?limit=20' };
      case 'apply (file)': {
        const form = new FormData();
        const pool = [...employers.flatMap((e) => e.jobs), ...publicJobs];
        form.set('job', String(pool[seeker.next++ % pool.length]));
        form.set('cover_letter', 'I have done this work for years and would like to do it with you.');
        form.set('resume', new Blob([resume], { type: 'application/pdf' }), 'cv.pdf');
        return { person: seeker, path: '/api/applications/', init: { method: 'POST', body: form } };
      }
      case 'my applications':
        return { person: seeker, path: '/api/myapplications/' };
      case 'notifications':
        return { person: seeker, path: '/api/notifications/' };
      case 'seeker dashboard':
        return { person: seeker, path: '/api/dashboard/jobseeker/' };
      case 'chat send': {
        const fromSeeker = random() < 0.5;
        const sender = fromSeeker ? seeker : employers.find((e) => e.id === seeker.employer)!;
        return {
          person: sender,
          path: `/api/chatrooms/${seeker.room}/messages/`,
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ content: `Soak message ${messageCounter}`, client_id: `soak-${messageCounter++}` }),
          },
        };
      }
      case 'chat read':
        return { person: seeker, path: `/api/chatrooms/${seeker.room}/messages/` };
      case 'applicants':
        return { person: employer, path: `/api/jobs/${any(employer.jobs)}/applicants/` };
      case 'employer jobs':
        return { person: employer, path: '/api/jobs/mine/' };
    }
  };

  interface Sample {
    kind: Kind;
    ms: number;
    status: number;
  }
  const totalWeight = weights.reduce((s, [, w]) => s + w, 0);
  const drawKind = (): Kind => {
    let roll = random() * totalWeight;
    for (const [kind, weight] of weights) if ((roll -= weight) < 0) return kind;
    return 'search';
  };
  const perMinute: Sample[][] = [];
  const memory: Record<string, number>[] = [];
  let outstanding = 0;
  let dropped = 0;
  const send = async (minute: number) => {
    const kind = drawKind();
    const { person, path: url, init } = requestOf(kind);
    const started = performance.now();
    let status = 0;
    try {
      const headers = new Headers(init?.headers);
      if (person) headers.set('authorization', `Bearer ${person.token}`);
      const res = await fetch(`${base}${url}`, { ...init, headers });
      await res.arrayBuffer();
      status = res.status;
      if (status === 401 && person) void login(person); // a token past its 15 minutes: sign in again
    } catch {
      status = 0;
    }
    (perMinute[minute] ??= []).push({ kind, ms: performance.now() - started, status });
  };

  const printMinute = (minute: number) => {
    const samples = perMinute[minute] ?? [];
    const mem = memory[minute] ?? {};
    const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length;
    log(
      `\nminute ${minute + 1}: ${samples.length} requests, ${errors} errors (5xx or no answer), ${samples.filter((s) => s.status >= 400 && s.status < 500).length} 4xx, ` +
        `${dropped} not sent (over 200 under way); RSS ${Object.entries(mem)
          .map(([name, bytes]) => `${name} ${(bytes / 2 ** 20).toFixed(0)} MB`)
          .join(', ')}; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    log(`  ${'kind'.padEnd(18)} ${'n'.padStart(5)} ${'err'.padStart(4)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}`);
    for (const [kind] of weights) {
      const of = samples.filter((s) => s.kind === kind);
      const st = stats(of.map((s) => s.ms));
      const err = of.filter((s) => s.status === 0 || s.status >= 500).length;
      log(
        `  ${kind.padEnd(18)} ${String(st.n).padStart(5)} ${String(err).padStart(4)} ${ms(st.p50).padStart(7)} ${ms(st.p95).padStart(7)} ${ms(st.p99).padStart(7)}`,
      );
    }
  };

  log(`\n1. mixed load: ${rate} requests a second for ${minutes} minute(s) through ${base}`);
  const started = Date.now();
  const interval = 1000 / rate;
  let sent = 0;
  let minuteDone = -1;
  while (Date.now() - started < minutes * 60_000) {
    const due = started + sent * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const minute = Math.min(Math.ceil(minutes) - 1, Math.floor((Date.now() - started) / 60_000));
    // A minute ended: its memory, then its table (requests still under way join it after).
    while (minuteDone < minute - 1) {
      minuteDone++;
      memory[minuteDone] = await memoryOf(cluster.apis);
      printMinute(minuteDone);
    }
    sent++;
    if (outstanding >= 200) {
      dropped++;
      continue;
    }
    outstanding++;
    void send(minute).finally(() => outstanding--);
  }
  await waitFor('requests under way to finish', () => outstanding === 0, { timeoutMs: 60_000 });
  const last = Math.ceil(minutes) - 1;
  while (minuteDone < last) {
    minuteDone++;
    memory[minuteDone] = await memoryOf(cluster.apis);
    printMinute(minuteDone);
  }
  for (const socket of sockets) socket.close();

  // The issue's checks: 0 5xx; p95 of the last minute within 20 % of minute 2; memory after minute 2.
  const all = perMinute.flat();
  const p95Of = (minute: number) => stats((perMinute[minute] ?? []).map((s) => s.ms)).p95;
  const growth = Object.keys(memory[last] ?? {}).map((name) => {
    const at2 = memory[Math.min(1, last)]![name]!;
    return { name, at2, atEnd: memory[last]![name]!, growth: memory[last]![name]! / at2 - 1 };
  });
  log(
    `\nsoak: ${all.length} requests, ${all.filter((s) => s.status >= 500).length} 5xx, ${all.filter((s) => s.status === 0).length} without an answer, ` +
      `${liveMessages} live messages delivered; p95 all kinds: minute 2 ${ms(p95Of(Math.min(1, last)))} ms, minute ${minutes} ${ms(p95Of(last))} ms` +
      ` (${((p95Of(last) / p95Of(Math.min(1, last)) - 1) * 100).toFixed(1)} %)`,
  );
  log(
    `memory from minute 2 to the end: ${growth.map((g) => `${g.name} ${(g.at2 / 2 ** 20).toFixed(0)} → ${(g.atEnd / 2 ** 20).toFixed(0)} MB (${(g.growth * 100).toFixed(1)} %)`).join(', ')}`,
  );

  // 2. The Zipf mix: the cluster against one process on the primary alone.
  log(
    `\n2. the Zipf mix (${searches.length} distinct searches, concurrency 32, ${args['zipf-seconds']} s each, after each was asked once)`,
  );
  const [throughCluster, onePrimary] = await compareZipf(cluster, searches, Number(args['zipf-seconds']), log);

  const results = path.join(here, '../results');
  fs.mkdirSync(results, { recursive: true });
  const file = path.join(results, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        machine,
        minutes,
        rate,
        jobs: Number(args.jobs),
        perMinute: perMinute.map((samples, minute) => ({
          minute: minute + 1,
          memory: memory[minute],
          kinds: Object.fromEntries(
            weights.map(([kind]) => {
              const of = samples.filter((s) => s.kind === kind);
              return [kind, { ...stats(of.map((s) => s.ms)), errors: of.filter((s) => s.status === 0 || s.status >= 500).length }];
            }),
          ),
        })),
        zipf: [throughCluster, onePrimary],
      },
      null,
      2,
    ),
  );
  log(`\nwrote ${path.relative(process.cwd(), file)}`);
} finally {
  await stopCluster();
}
